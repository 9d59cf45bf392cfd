import { looksSecret, minSecretLength } from "../config/secret-names.js";
import type { ServerConfig, SwitchboardConfig } from "../config/types.js";
import { secretValues } from "./redact.js";

/** What one server's configuration holds that must never be printed or sent. */
export interface ServerSecrets {
  /**
   * Credentials: header and env values whose name looks secret (and the bare token of `Bearer …`), the
   * value after an args flag whose name looks secret (`--token=x`, `--api-key x`), URL userinfo, URL query
   * values whose name looks secret, the OAuth client secret, and the config's `secrets` (what `${VAR}` expansion
   * brought in). Redacted everywhere, tool results and listings included.
   */
  credentials: string[];
  /**
   * `credentials` plus every configured env or header value: redacted from what the server writes to stderr, its
   * log messages and errors (as before), but not from tool results, where `info` or `application/json` is text.
   */
  all: string[];
}

export function serverSecrets(config: ServerConfig): ServerSecrets {
  const found = new Set<string>(config.secrets ?? []);
  if (config.kind === "stdio") {
    for (const [name, value] of Object.entries(config.env)) if (looksSecret(name)) found.add(value);
    for (const value of flaggedArgs(config.args)) found.add(value);
  } else {
    const named = Object.entries(config.headers).filter(([name]) => looksSecret(name));
    for (const value of secretValues(Object.fromEntries(named))) found.add(value);
    for (const value of urlSecrets(config.url)) found.add(value);
    if (config.auth?.clientSecret !== undefined) found.add(config.auth.clientSecret);
  }
  const credentials = longEnough(found);
  const all = [...credentials, ...secretValues(config.kind === "stdio" ? config.env : config.headers)];
  return { credentials, all: longEnough(new Set(all)) };
}

/** The credentials of every server in `config` (for what the CLI prints). */
export function configSecrets(config: SwitchboardConfig): string[] {
  return longEnough(
    new Set(Object.values(config.servers).flatMap((server) => serverSecrets(server).credentials)),
  );
}

/** `--token=x`, `--token x`, `-api_key x`: the values of flags whose name looks secret. */
function flaggedArgs(args: readonly string[]): string[] {
  const values: string[] = [];
  args.forEach((arg, index) => {
    if (!arg.startsWith("-")) return;
    const equals = arg.indexOf("=");
    if (equals > 0) {
      if (looksSecret(arg.slice(0, equals))) values.push(arg.slice(equals + 1));
      return;
    }
    const next = args[index + 1];
    if (looksSecret(arg) && next !== undefined && !next.startsWith("-")) values.push(next);
  });
  return values;
}

/** Userinfo, and the values of query parameters whose name looks secret: decoded and as written. */
function urlSecrets(url: string): string[] {
  if (!URL.canParse(url)) return [];
  const parsed = new URL(url);
  const values = [parsed.username, parsed.password].flatMap((part) => [part, safeDecode(part)]);
  for (const pair of parsed.search.slice(1).split("&")) {
    const equals = pair.indexOf("=");
    if (equals <= 0) continue;
    const name = safeDecode(pair.slice(0, equals).replaceAll("+", " "));
    const written = pair.slice(equals + 1);
    if (looksSecret(name)) values.push(written, safeDecode(written.replaceAll("+", " ")));
  }
  return values;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function longEnough(values: ReadonlySet<string>): string[] {
  return [...values].filter((value) => value.length >= minSecretLength).sort((a, b) => b.length - a.length);
}
