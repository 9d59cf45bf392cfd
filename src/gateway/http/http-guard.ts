/**
 * The HTTP gateway's front door, as pure functions: which binds are allowed to start, and which requests are let
 * through. A loopback bind accepts only loopback `Host` and `Origin` values (DNS rebinding: a web page whose name
 * was re-pointed at 127.0.0.1 still sends its own name). A bind reachable from other machines must carry a bearer
 * token, and then only exact `Host`/`Origin` names the operator allowed pass.
 */
import { timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { SwitchboardError } from "../../errors.js";

export interface GuardOptions {
  /** The address the gateway listens on. */
  bindHost: string;
  /** Required unless `bindHost` is a loopback address. */
  token?: string;
  /** Hostnames (no port) accepted in `Host`, besides the loopback names and the bind address itself. */
  allowedHosts?: readonly string[];
  /** Hostnames (no port) accepted in `Origin`, besides the loopback names. */
  allowedOrigins?: readonly string[];
}

export interface Refusal {
  status: number;
  message: string;
  /** Extra response headers (the bearer challenge). */
  headers?: Record<string, string>;
}

const loopbackNames = ["localhost", "127.0.0.1", "[::1]"];

/** 127.0.0.0/8, ::1 and `localhost`. */
export function isLoopback(host: string): boolean {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (bare === "localhost" || bare === "::1") return true;
  return isIP(bare) === 4 && bare.startsWith("127.");
}

/** A bind refused for its token: none on a non-loopback address, or one shorter than 16 characters (code USAGE). */
export class BindRefusedError extends SwitchboardError {
  override name = "BindRefusedError";
  readonly bindHost: string;
  readonly problem: "token-missing" | "token-short";

  constructor(bindHost: string, problem: "token-missing" | "token-short") {
    super(
      "USAGE",
      problem === "token-missing"
        ? `Refusing to listen on ${bindHost}: a non-loopback address needs a bearer token; anyone who can reach it could call every tool`
        : "The bearer token must be at least 16 characters long",
    );
    this.bindHost = bindHost;
    this.problem = problem;
  }
}

/** Throws a `BindRefusedError` for a bind that would expose the gateway without a (long enough) token. */
export function checkBind(options: GuardOptions): void {
  if (isLoopback(options.bindHost)) return;
  if (options.token === undefined || options.token.length === 0) {
    throw new BindRefusedError(options.bindHost, "token-missing");
  }
  if (options.token.length < 16) throw new BindRefusedError(options.bindHost, "token-short");
}

/** Hostnames (lower case, IPv6 bracketed) accepted in `Host`. */
export function allowedHostnames(options: GuardOptions): Set<string> {
  const names = new Set(loopbackNames);
  const bind = options.bindHost.toLowerCase();
  if (!isWildcard(bind)) names.add(isIP(bind) === 6 ? `[${bind}]` : bind);
  for (const host of options.allowedHosts ?? []) names.add(host.toLowerCase());
  return names;
}

/** Undefined when the request may proceed; otherwise the status and reason to answer with. */
export function checkRequest(
  headers: {
    host?: string | null | undefined;
    origin?: string | null | undefined;
    authorization?: string | null | undefined;
  },
  options: GuardOptions,
): Refusal | undefined {
  const hostname = hostnameOf(headers.host);
  if (hostname === undefined) return { status: 400, message: "Missing or malformed Host header" };
  if (!allowedHostnames(options).has(hostname)) {
    return { status: 403, message: `Host ${hostname} is not allowed (DNS rebinding protection)` };
  }
  const origin = headers.origin;
  if (origin !== undefined && origin !== null && origin !== "") {
    const originHost = originHostname(origin);
    const allowed = new Set([
      ...loopbackNames,
      ...(options.allowedOrigins ?? []).map((name) => name.toLowerCase()),
    ]);
    if (originHost === undefined || !allowed.has(originHost)) {
      return { status: 403, message: `Origin ${origin} is not allowed` };
    }
  }
  if (options.token !== undefined && !bearerMatches(headers.authorization, options.token)) {
    return {
      status: 401,
      message: "Missing or wrong bearer token",
      headers: { "www-authenticate": 'Bearer realm="switchboard"' },
    };
  }
  return undefined;
}

function isWildcard(host: string): boolean {
  return host === "0.0.0.0" || host === "::" || host === "[::]";
}

/**
 * A name, an IPv4 address or a bracketed IPv6 address, and an optional port: nothing a URL parser would read as
 * user info (`evil@127.0.0.1` names 127.0.0.1 to it), a path, a query or a fragment.
 */
const hostShape = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~%-]+)(?::\d{0,5})?$/;

/** `example.com:8080` → `example.com`; `[::1]:80` → `[::1]`; undefined for anything that is not that shape. */
export function hostnameOf(host: string | null | undefined): string | undefined {
  if (host === undefined || host === null || !hostShape.test(host)) return undefined;
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** An origin is a scheme, a host and an optional port, exactly (RFC 6454); anything else is refused. */
function originHostname(origin: string): string | undefined {
  const match = /^https?:\/\/([^/?#]*)$/i.exec(origin);
  return match?.[1] === undefined ? undefined : hostnameOf(match[1]);
}

function bearerMatches(header: string | null | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? "");
  if (match?.[1] === undefined) return false;
  const given = Buffer.from(match[1].trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
