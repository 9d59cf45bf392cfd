/**
 * Builds the OAuth pieces for one configured HTTP server: the SDK provider (over the credential store, with the
 * config's client settings) and the authorization handler the mode asks for:
 *
 * - `non-interactive` (the default for connecting): stored tokens are used and refreshed; when only a new login
 *   would help, the connect fails with "run: switchboard auth login <server>";
 * - `browser`: opens the browser and waits on a loopback callback;
 * - `print` (headless): prints the URL and waits on the loopback callback (open it on any machine that can
 *   reach this one's 127.0.0.1, e.g. through an SSH tunnel), or for the address of the page the browser ended on,
 *   pasted (`pasted`: a browser on another machine cannot reach this one's loopback);
 * - `handler`: an injected handler (tests, CI, the conformance client).
 */
import type { ClientCredentialsProvider } from "@modelcontextprotocol/client";
import type { HttpServerConfig } from "../config/types.js";
import { AuthError } from "./auth-error.js";
import { clientSdkLoaded } from "./client-sdk.js";
import { JwtBearerProvider } from "./jwt-bearer-provider.js";
import { CALLBACK_PATH, LoopbackAuthorization } from "./loopback-authorization.js";
import { SwitchboardOAuthProvider, type SwitchboardOAuthProviderOptions } from "./oauth-provider.js";
import { openBrowser } from "./open-browser.js";
import type { ConnectionAuth } from "./session-auth.js";
import type { AuthorizationHandler, AuthorizationResponse, CredentialStore } from "./types.js";
import { readAssertion } from "./workload-assertion.js";

export type AuthMode =
  | { kind: "non-interactive" }
  | { kind: "browser"; print: (text: string) => void; timeoutMs?: number; signal?: AbortSignal }
  | {
      kind: "print";
      print: (text: string) => void;
      timeoutMs?: number;
      signal?: AbortSignal;
      /** Lines typed or pasted by the user (the CLI: stdin), read while a login waits. */
      pasted?: (signal: AbortSignal) => AsyncIterable<string>;
    }
  | { kind: "handler"; handler: (server: HttpServerConfig) => AuthorizationHandler };

export interface AuthForServerOptions {
  store: CredentialStore;
  mode: AuthMode;
  /** `client_name` in dynamic registration. Default `switchboard`. */
  clientName?: string;
  /** Where a `jwt_bearer` server's `assertionEnv` is read (the caller's environment). Default: none set. */
  env?: Readonly<Record<string, string | undefined>>;
  /** For tests: how a browser is launched. */
  openBrowser?: typeof openBrowser;
}

export interface ServerAuth {
  /** switchboard's provider; the SDK's `ClientCredentialsProvider` for `grant: "client_credentials"`. */
  provider: SwitchboardOAuthProvider | ClientCredentialsProvider | JwtBearerProvider;
  handler: AuthorizationHandler;
  /** What `ConnectionOptions.auth` takes. */
  connection: ConnectionAuth;
}

/** A server configured with its own `Authorization` header authenticates statically: OAuth stays out of it. */
export function usesOAuth(server: HttpServerConfig): boolean {
  return (
    server.auth !== undefined ||
    !Object.keys(server.headers).some((name) => name.toLowerCase() === "authorization")
  );
}

export function authForServer(server: HttpServerConfig, options: AuthForServerOptions): ServerAuth {
  const handler = handlerFor(server, options);
  const settings = server.auth ?? {};
  if (settings.grant === "client_credentials") {
    // The config check guarantees both; tokens stay in this process (a new one is obtained per run).
    // The SDK's own provider: connectHost has loaded the SDK before it builds any server's auth.
    const { ClientCredentialsProvider: Provider } = clientSdkLoaded("a client_credentials grant");
    const provider = new Provider({
      clientId: settings.clientId ?? "",
      clientSecret: settings.clientSecret ?? "",
      clientName: options.clientName ?? "switchboard",
      ...(settings.scopes === undefined ? {} : { scope: settings.scopes.join(" ") }),
      ...(settings.issuer === undefined ? {} : { expectedIssuer: settings.issuer }),
    });
    return { provider, handler, connection: { provider } };
  }
  if (settings.grant === "jwt_bearer") {
    // The config check guarantees clientId, issuer and one source; the assertion is read per token request.
    const env = options.env ?? {};
    const source =
      settings.assertionFile === undefined
        ? { env: settings.assertionEnv ?? "" }
        : { file: settings.assertionFile };
    const provider = new JwtBearerProvider({
      clientId: settings.clientId ?? "",
      clientName: options.clientName ?? "switchboard",
      assertion: () => readAssertion(source, env),
      ...(settings.scopes === undefined ? {} : { scope: settings.scopes.join(" ") }),
      ...(settings.issuer === undefined ? {} : { expectedIssuer: settings.issuer }),
    });
    return { provider, handler, connection: { provider } };
  }
  const providerOptions: SwitchboardOAuthProviderOptions = {
    serverUrl: server.url,
    store: options.store,
    handler,
    clientName: options.clientName ?? "switchboard",
    ...(settings.clientMetadataUrl === undefined ? {} : { clientMetadataUrl: settings.clientMetadataUrl }),
    ...(settings.clientId === undefined
      ? {}
      : {
          preRegistered: {
            clientId: settings.clientId,
            ...(settings.clientSecret === undefined
              ? {}
              : {
                  clientSecret: settings.clientSecret,
                  tokenEndpointAuthMethod: "client_secret_basic" as const,
                }),
          },
        }),
    ...(settings.scopes === undefined ? {} : { scopes: settings.scopes }),
    ...(settings.dpop === undefined ? {} : { dpop: settings.dpop }),
  };
  const provider =
    options.mode.kind === "non-interactive"
      ? new StoredClientOnly(providerOptions, server.name)
      : new SwitchboardOAuthProvider(providerOptions);
  return { provider, handler, connection: { provider } };
}

function handlerFor(server: HttpServerConfig, options: AuthForServerOptions): AuthorizationHandler {
  const mode = options.mode;
  const port = server.auth?.callbackPort;
  switch (mode.kind) {
    case "non-interactive":
      return new LoginRequired(server, options.store);
    case "handler":
      return mode.handler(server);
    case "browser":
    case "print": {
      const open = options.openBrowser ?? openBrowser;
      return new LoopbackAuthorization({
        ...(port === undefined ? {} : { port }),
        ...(mode.timeoutMs === undefined ? {} : { timeoutMs: mode.timeoutMs }),
        ...(mode.signal === undefined ? {} : { signal: mode.signal }),
        ...(mode.kind === "print" && mode.pasted !== undefined
          ? { pasted: mode.pasted, onPasteIgnored: (why: string) => mode.print(`Not used: ${why}.`) }
          : {}),
        show: async (url) => {
          if (mode.kind === "browser") await open(url.href, { print: mode.print });
          else mode.print(`To log in to "${server.name}", open this URL in a browser:\n  ${url.href}`);
          mode.print(
            `Waiting for the browser to come back to this machine's 127.0.0.1 (Ctrl-C to give up)...`,
          );
          if (mode.kind === "print" && mode.pasted !== undefined) {
            mode.print(
              "If the browser runs on another machine, its last page will not load: paste that page's address here and press Enter.",
            );
          }
        },
      });
    }
  }
}

/**
 * The provider when nobody may be asked: without a stored (or configured) client there is nothing to refresh,
 * so it stops before the SDK would register a client nobody can use, with the login hint, and writes nothing.
 */
class StoredClientOnly extends SwitchboardOAuthProvider {
  readonly #serverName: string;

  constructor(options: SwitchboardOAuthProviderOptions, serverName: string) {
    super(options);
    this.#serverName = serverName;
  }

  override async clientInformation(): ReturnType<SwitchboardOAuthProvider["clientInformation"]> {
    const client = await super.clientInformation();
    if (client === undefined) throw loginRequired(this.#serverName);
    return client;
  }

  /** Without a client nothing can follow, so nothing is written (a plain 401 server leaves no file behind). */
  override async saveDiscoveryState(
    state: Parameters<SwitchboardOAuthProvider["saveDiscoveryState"]>[0],
  ): Promise<void> {
    if ((await super.clientInformation()) !== undefined) await super.saveDiscoveryState(state);
  }
}

/**
 * The handler when nobody may be asked. Its redirect URL is the one the stored client was registered with, so
 * the provider keeps that client (a refresh needs it); `authorize` is reached only when a login is needed.
 */
export class LoginRequired implements AuthorizationHandler {
  readonly #server: HttpServerConfig;
  readonly #store: CredentialStore;

  constructor(server: HttpServerConfig, store: CredentialStore) {
    this.#server = server;
    this.#store = store;
  }

  async redirectUrl(): Promise<string> {
    const client = (await this.#store.load(this.#server.url))?.client;
    const registered = client !== undefined && "redirect_uris" in client ? client.redirect_uris : undefined;
    return registered?.[0] ?? `http://127.0.0.1:${this.#server.auth?.callbackPort ?? 0}${CALLBACK_PATH}`;
  }

  async authorize(): Promise<AuthorizationResponse> {
    throw loginRequired(this.#server.name);
  }
}

export function loginRequired(serverName: string): AuthError {
  return new AuthError(
    "AUTH_REQUIRED",
    `no usable stored tokens and nobody to ask; run: switchboard auth login ${serverName}`,
  );
}
