/**
 * The interactive half of a login (RFC 8252 §7.3): a one-shot HTTP listener on 127.0.0.1 receives the
 * authorization server's redirect at `/callback`, checks `state`, and hands the code to the SDK provider.
 *
 * Choices: a wrong or missing `state` answers 400 and rejects the login at once (a stale tab or a forged request
 * means this attempt cannot be trusted; the user is told to run the login again) rather than waiting on; an
 * `error=` from the authorization server is likewise a 400 page and a rejection; other paths, other methods and
 * a foreign `Host` header (DNS rebinding) get an error page and do not disturb the wait. The listener is open
 * only while a login waits, and reopens on the same port for the next one, so the registered redirect URI stays
 * valid.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { AuthError } from "./auth-error.js";
import { readRedirect } from "./headless-authorization.js";
import type { AuthorizationHandler, AuthorizationResponse } from "./types.js";

/**
 * `node:http` loads when a login first listens, not with `import "switchboard"`, and through `require`: an ES
 * import of it makes Node 22 evaluate the module's lazy `WebSocket` exports, which loads undici (about 30 ms).
 */
const loadHttp = (): typeof import("node:http") => createRequire(import.meta.url)("node:http");

export interface LoopbackAuthorizationOptions {
  /** Shows the authorization URL to the user: opens a browser, prints it, or (tests) follows it. */
  show: (authorizationUrl: URL) => void | Promise<void>;
  /** Listen on this port (a client registered with an exact redirect URI). Default 0: a random free port. */
  port?: number;
  /** How long to wait for the browser to come back. Default 5 minutes. */
  timeoutMs?: number;
  /** Aborts a login in flight (Ctrl-C). */
  signal?: AbortSignal;
  /**
   * Lines the user may paste instead (headless: a browser on another machine cannot reach this one's 127.0.0.1, so
   * its last page fails to load, and its address is the redirect). Read until the login ends, then `signal` stops
   * the reader. A line that is not a redirect URL is ignored with a word through `onPasteIgnored`.
   */
  pasted?: (signal: AbortSignal) => AsyncIterable<string>;
  onPasteIgnored?: (why: string) => void;
}

export const CALLBACK_PATH = "/callback";
export const defaultLoopbackTimeoutMs = 5 * 60_000;

interface Pending {
  expectedState: string;
  where: string;
  resolve: (response: AuthorizationResponse) => void;
  reject: (error: Error) => void;
}

/**
 * Completes an interactive login: the user opens the authorization URL and the redirect comes back to a one-shot
 * listener on 127.0.0.1, which checks `state`.
 */
export class LoopbackAuthorization implements AuthorizationHandler {
  readonly #options: LoopbackAuthorizationOptions;
  #server: Server | undefined;
  #port: number | undefined;
  #pending: Pending | undefined;

  constructor(options: LoopbackAuthorizationOptions) {
    this.#options = options;
  }

  /**
   * `http://127.0.0.1:<port>/callback`. The first call picks a free port (binding and releasing it), so a
   * connection that never needs a login holds no socket; `authorize` listens on that port.
   */
  async redirectUrl(): Promise<string> {
    if (this.#port === undefined) {
      await this.#listen();
      if (this.#pending === undefined) await this.#stop();
    }
    return `http://127.0.0.1:${this.#port}${CALLBACK_PATH}`;
  }

  async authorize(authorizationUrl: URL, expectedState: string): Promise<AuthorizationResponse> {
    if (this.#pending !== undefined)
      throw new AuthError("AUTH_FAILED", "Another login is already waiting for the browser");
    await this.#listen();
    const where = `${authorizationUrl.origin}${authorizationUrl.pathname}`;
    const timeoutMs = this.#options.timeoutMs ?? defaultLoopbackTimeoutMs;
    const signal = this.#options.signal;
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const reading = new AbortController();
    try {
      return await new Promise<AuthorizationResponse>((resolve, reject) => {
        this.#pending = { expectedState, where, resolve, reject };
        if (this.#options.pasted !== undefined) {
          const lines = this.#options.pasted(reading.signal);
          void this.#readPasted(lines, expectedState, where, resolve, reject);
        }
        timer = setTimeout(() => {
          reject(
            new AuthError(
              "AUTH_FAILED",
              `No answer from the browser within ${formatDuration(timeoutMs)} (login at ${where}); run the login again`,
            ),
          );
        }, timeoutMs);
        onAbort = () => reject(new AuthError("AUTH_FAILED", `Login at ${where} was cancelled`));
        if (signal?.aborted === true) onAbort();
        signal?.addEventListener("abort", onAbort, { once: true });
        Promise.resolve(this.#options.show(authorizationUrl)).catch(reject);
      });
    } finally {
      clearTimeout(timer);
      reading.abort();
      if (onAbort !== undefined) signal?.removeEventListener("abort", onAbort);
      this.#pending = undefined;
      await this.#stop();
    }
  }

  /**
   * The first pasted line that is a URL carrying `state` settles the login exactly as the callback would (a wrong
   * state is refused at once); anything else is ignored. The code is never echoed.
   */
  async #readPasted(
    lines: AsyncIterable<string>,
    expectedState: string,
    where: string,
    resolve: (response: AuthorizationResponse) => void,
    reject: (error: Error) => void,
  ): Promise<void> {
    const ignored = this.#options.onPasteIgnored ?? (() => {});
    try {
      for await (const line of lines) {
        const text = line.trim();
        if (text === "") continue;
        let redirect: URL;
        try {
          redirect = new URL(text);
        } catch {
          ignored("that is not a URL: paste the whole address of the page the browser ended on");
          continue;
        }
        if (!redirect.searchParams.has("state")) {
          ignored("that address carries no state: paste the address the browser was sent back to");
          continue;
        }
        try {
          resolve(readRedirect(redirect, expectedState, where));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
        return;
      }
    } catch {
      // The reader was stopped (the login ended another way) or stdin failed: the callback still works.
    }
  }

  async close(): Promise<void> {
    this.#pending?.reject(new AuthError("AUTH_FAILED", "Login cancelled: the callback listener was closed"));
    await this.#stop();
  }

  async #listen(): Promise<void> {
    if (this.#server !== undefined) return;
    const server = loadHttp().createServer((req, res) => this.#handle(req, res));
    const port = this.#port ?? this.#options.port ?? 0;
    await new Promise<void>((resolve, reject) => {
      server.once("error", (error: NodeJS.ErrnoException) => {
        const why = error.code === "EADDRINUSE" ? `port ${port} is in use` : (error.code ?? error.message);
        reject(
          new AuthError("AUTH_FAILED", `Cannot listen for the login callback on 127.0.0.1: ${why}`, {
            cause: error,
          }),
        );
      });
      server.listen(port, "127.0.0.1", () => resolve());
    });
    this.#server = server;
    this.#port = (server.address() as AddressInfo).port;
  }

  async #stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (server === undefined) return;
    // Let the answer page finish (it says `Connection: close`), then cut whatever a browser keeps open.
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => server.closeAllConnections(), 1_000);
      server.close(() => {
        clearTimeout(force);
        resolve();
      });
      server.closeIdleConnections();
    });
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const host = req.headers.host ?? "";
    if (host !== `127.0.0.1:${this.#port}` && host !== `localhost:${this.#port}`) {
      page(res, 400, "Wrong address", "This address only answers the switchboard login callback.");
      return;
    }
    const url = new URL(req.url ?? "/", `http://${host}`);
    if (req.method !== "GET" || url.pathname !== CALLBACK_PATH) {
      page(res, 404, "Not found", "This address only answers the switchboard login callback.");
      return;
    }
    const pending = this.#pending;
    if (pending === undefined) {
      page(res, 400, "No login in progress", "Return to the terminal and run the login again.");
      return;
    }
    try {
      const response = readRedirect(url, pending.expectedState, pending.where);
      page(
        res,
        200,
        // Not "logged in": the code is still to be checked (issuer) and exchanged; the terminal has the verdict.
        "Authorization received",
        "switchboard received the authorization and is finishing the login. You can close this tab and return to the terminal, which shows the result.",
      );
      pending.resolve(response);
    } catch (error) {
      const mismatch = error instanceof AuthError && error.reason === "AUTH_STATE_MISMATCH";
      page(
        res,
        400,
        mismatch ? "Login link not recognised" : "Login failed",
        mismatch
          ? "This response does not belong to the login switchboard started (a stale tab, or a forged request). Return to the terminal and run the login again."
          : `The authorization server refused: ${url.searchParams.get("error") ?? "no code"}. Return to the terminal for details.`,
      );
      pending.reject(error as Error);
    }
  }
}

/** A minimal page; `Referrer-Policy` keeps the code in this URL from leaking to any link the user follows. */
function page(res: ServerResponse, status: number, title: string, text: string): void {
  const body = `<!doctype html><html><head><meta charset="utf-8"><title>switchboard: ${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36em;margin:4em auto"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    connection: "close",
  });
  res.end(body);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function formatDuration(ms: number): string {
  return ms >= 60_000 && ms % 60_000 === 0
    ? `${ms / 60_000} minute${ms === 60_000 ? "" : "s"}`
    : `${ms / 1000} s`;
}
