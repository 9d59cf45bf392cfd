/**
 * switchboard's `OAuthClientProvider`: the SDK drives the protocol (discovery, DCR or CIMD, PKCE, token
 * exchange, refresh, step-up); this class supplies where credentials live (a `CredentialStore`, keyed by the
 * server URL) and how the user completes the redirect (an `AuthorizationHandler`).
 *
 * The SDK's `redirectToAuthorization` is fire-and-forget (a browser app navigates away). Here it runs the
 * handler to completion and keeps the returned code and RFC 9207 `iss`; the connection layer then takes them
 * with `takeAuthorizationResponse()` and calls `transport.finishAuth(code, iss)` (the SDK checks `iss`). Each
 * authorization spends one unit of a budget the connection layer sets per connect or request, so a server that
 * keeps asking for more scope cannot loop the user through the browser forever.
 */
import { randomBytes } from "node:crypto";
import type {
  DpopSession,
  OAuthClientInformationContext,
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import { AuthError, AuthorizationRefusedError } from "./auth-error.js";
import { validateClientMetadataUrl } from "./client-metadata-url.js";
import { loadClientSdk } from "./client-sdk.js";
import type { DpopAlgorithm } from "./dpop-choice.js";
import { createDpopKey, dpopKeySecrets, loadDpopKey, type StoredDpopKey } from "./dpop-key.js";
import { defaultMaxAuthorizations } from "./max-authorizations.js";
import type {
  AuthorizationHandler,
  AuthorizationResponse,
  CredentialStore,
  StoredCredentials,
} from "./types.js";

export type TokenEndpointAuthMethod = "none" | "client_secret_basic" | "client_secret_post";

export interface PreRegisteredClient {
  clientId: string;
  clientSecret?: string;
  tokenEndpointAuthMethod?: TokenEndpointAuthMethod;
}

export interface SwitchboardOAuthProviderOptions {
  /** The MCP server URL; also the key in `store`. */
  serverUrl: string;
  store: CredentialStore;
  /** Completes the redirect. Without one, an authorization the server demands fails with `AUTH_REQUIRED`. */
  handler?: AuthorizationHandler;
  /** `client_name` in DCR. Default `switchboard`. */
  clientName?: string;
  /** An HTTPS client-metadata document URL (CIMD, SEP-991), used as `client_id` where the AS supports it. */
  clientMetadataUrl?: string;
  /** A client registered out of band; DCR is then never attempted. */
  preRegistered?: PreRegisteredClient;
  /** Scopes to ask for when neither the server's challenge nor its metadata names any. */
  scopes?: string[];
  /** How a DCR-registered client authenticates at `/token`. Default `none` (a public native client). */
  tokenEndpointAuthMethod?: TokenEndpointAuthMethod;
  /**
   * DPoP (RFC 9449, SEP-1932): by default proofs are signed wherever the authorization server advertises
   * `dpop_signing_alg_values_supported`; `false` never signs one (plain Bearer tokens).
   */
  dpop?: boolean;
  /** Clock, for tests. */
  now?: () => number;
}

/** Stands in for a redirect URI when there is no handler; never sent anywhere (authorizing fails first). */
const noHandlerRedirectUrl = "http://127.0.0.1/switchboard-no-handler";

export { defaultMaxAuthorizations } from "./max-authorizations.js";

/**
 * The MCP SDK's `OAuthClientProvider` backed by a `CredentialStore` and an `AuthorizationHandler`: the SDK runs
 * the protocol, this supplies where credentials live and how the user completes the redirect.
 */
export class SwitchboardOAuthProvider implements OAuthClientProvider {
  readonly serverUrl: string;
  readonly clientMetadataUrl?: string;
  readonly #store: CredentialStore;
  readonly #handler: AuthorizationHandler | undefined;
  readonly #options: SwitchboardOAuthProviderOptions;
  readonly #now: () => number;
  #redirectUrl: string | undefined;
  #state: string | undefined;
  #pending: AuthorizationResponse | undefined;
  /** A code from the handler awaits its exchange: the SDK must see the discovery recorded before the redirect. */
  #callbackLeg = false;
  #budget = defaultMaxAuthorizations;
  #authorizations = 0;
  #clientInvalidations = 0;
  readonly #secrets = new Set<string>();
  /** Serialises read-modify-write cycles on the store. */
  #queue: Promise<unknown> = Promise.resolve();
  /**
   * The DPoP key pair (and its nonces), made once per provider: the stored key when it is usable, else a fresh
   * one, which is stored with the first tokens it binds. Never shown.
   */
  #dpop: Promise<DpopSession> | undefined;
  /** The stored form of the session's key, written beside the tokens it binds. */
  #dpopKey: StoredDpopKey | undefined;

  constructor(options: SwitchboardOAuthProviderOptions) {
    validateClientMetadataUrl(options.clientMetadataUrl);
    this.serverUrl = options.serverUrl;
    if (options.clientMetadataUrl !== undefined) this.clientMetadataUrl = options.clientMetadataUrl;
    this.#store = options.store;
    this.#handler = options.handler;
    this.#options = options;
    this.#now = options.now ?? Date.now;
    if (options.preRegistered?.clientSecret !== undefined)
      this.#secrets.add(options.preRegistered.clientSecret);
  }

  /**
   * Resolves the handler's redirect URL (a loopback handler picks its port here). The SDK reads `redirectUrl`
   * and `clientMetadata` synchronously, so the connection layer awaits this before the first request.
   */
  async prepare(): Promise<void> {
    if (this.#redirectUrl !== undefined) return;
    if (this.#handler !== undefined) {
      this.#redirectUrl = await this.#handler.redirectUrl();
      return;
    }
    // No handler: nobody can be sent anywhere, but the SDK only refreshes for providers with a redirect URL
    // (none means "client_credentials"). The stored client's own URI keeps refresh requests consistent.
    const stored = (await this.#load())?.client;
    const uris = stored !== undefined && "redirect_uris" in stored ? stored.redirect_uris : undefined;
    this.#redirectUrl = uris?.[0] ?? noHandlerRedirectUrl;
  }

  get redirectUrl(): string | undefined {
    return this.#redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const method =
      this.#options.preRegistered?.tokenEndpointAuthMethod ?? this.#options.tokenEndpointAuthMethod;
    const scopes = this.#options.scopes;
    return {
      client_name: this.#options.clientName ?? "switchboard",
      redirect_uris: this.#redirectUrl === undefined ? [] : [this.#redirectUrl],
      // refresh_token: so servers that gate refresh tokens on the registered grants issue one (SEP-2207).
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: method ?? "none",
      ...(scopes === undefined || scopes.length === 0 ? {} : { scope: scopes.join(" ") }),
    };
  }

  /** A fresh random `state` per authorization; the handler checks the redirect against it. */
  state(): string {
    this.#state = randomBytes(24).toString("base64url");
    return this.#state;
  }

  async clientInformation(
    ctx?: OAuthClientInformationContext,
  ): Promise<StoredOAuthClientInformation | undefined> {
    const credentials = await this.#load();
    const stored = credentials?.client;
    const pre = this.#options.preRegistered;
    if (pre !== undefined) {
      const info: OAuthClientInformationMixed = {
        client_id: pre.clientId,
        ...(pre.clientSecret === undefined ? {} : { client_secret: pre.clientSecret }),
        ...(pre.tokenEndpointAuthMethod === undefined
          ? {}
          : { token_endpoint_auth_method: pre.tokenEndpointAuthMethod }),
      };
      // Keep the issuer stamp the SDK saved, but only for this very client. A client configured for this server
      // belongs to whichever authorization server it resolves to, so before the first save it carries that one
      // (without a stamp the SDK warns on stderr at every read).
      if (stored?.client_id === pre.clientId && stored.issuer !== undefined)
        return { ...info, issuer: stored.issuer };
      return ctx?.issuer === undefined ? info : { ...info, issuer: ctx.issuer };
    }
    // A client id is unique to the authorization server that issued it (RFC 6749 §2.2): when the resource now
    // names another one (SEP-2352, a migration), the stored client is not presented there; a new one registers.
    const otherServer =
      stored?.issuer !== undefined && ctx?.issuer !== undefined && stored.issuer !== ctx.issuer;
    if (stored === undefined || otherServer) {
      // Registering a client nobody can authorize would only leave junk at the authorization server.
      if (this.#handler === undefined) throw this.#authRequired();
      return undefined;
    }
    // A DCR client registered for another redirect URI (another loopback port) cannot complete a new
    // authorization; while a refresh token exists it is still the client that refreshes.
    const uris = "redirect_uris" in stored ? stored.redirect_uris : undefined;
    // Only a usable refresh token counts: one bound to a DPoP key this process cannot load never refreshes.
    const canRefresh = (await this.tokens(ctx))?.refresh_token !== undefined;
    if (
      !canRefresh &&
      uris !== undefined &&
      this.#redirectUrl !== undefined &&
      !uris.includes(this.#redirectUrl)
    ) {
      return undefined;
    }
    return stored;
  }

  async saveClientInformation(client: StoredOAuthClientInformation): Promise<void> {
    await this.#update((credentials) => ({ ...credentials, client }));
  }

  async tokens(ctx?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    const credentials = await this.#load();
    const tokens = credentials?.tokens;
    // A DPoP-bound token (and its refresh token) works only with the key it was bound to: without that key (none
    // stored, an unusable one, DPoP now off) such tokens are as good as none, so a new authorization binds fresh
    // ones. They are never sent with another key's proofs, nor as Bearer.
    if (isDpopBound(tokens) && !(await this.#holdsKeyOf(credentials))) return undefined;
    // Tokens (a refresh token above all) are bound to the server that issued them; another one never sees them.
    if (ctx?.issuer !== undefined && tokens?.issuer !== undefined && tokens.issuer !== ctx.issuer)
      return undefined;
    return tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    this.#callbackLeg = false;
    // The key that signed the token request is the one the tokens are bound to: both go into one write.
    const session = isDpopBound(tokens) ? await this.#dpop : undefined;
    const key = session === undefined ? undefined : this.#dpopKey;
    const savedAt = this.#now();
    await this.#update((credentials) => {
      const { tokensBoundTo: _bound, dpopKey: _key, ...rest } = credentials;
      const next: StoredCredentials = { ...rest, tokens, tokensSavedAt: savedAt };
      if (session !== undefined && key !== undefined) {
        next.tokensBoundTo = session.thumbprint;
        next.dpopKey = key;
      }
      return next;
    });
  }

  /** Epoch ms when the stored access token expires, if the server said (`expires_in`). */
  async tokensExpireAt(): Promise<number | undefined> {
    const stored = await this.#load();
    const expiresIn = stored?.tokens?.expires_in;
    if (expiresIn === undefined || stored?.tokensSavedAt === undefined) return undefined;
    return stored.tokensSavedAt + expiresIn * 1000;
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const where = `${authorizationUrl.origin}${authorizationUrl.pathname}`;
    if (this.#handler === undefined) throw this.#authRequired(where);
    if (this.#authorizations >= this.#budget) {
      throw new AuthError(
        "AUTH_FAILED",
        `${this.serverUrl} asked for authorization again after ${this.#authorizations} attempt(s); giving up (limit ${this.#budget})`,
      );
    }
    this.#authorizations += 1;
    this.#pending = undefined;
    this.#callbackLeg = false;
    const state = authorizationUrl.searchParams.get("state") ?? this.#state ?? "";
    let response: AuthorizationResponse;
    try {
      response = await this.#handler.authorize(authorizationUrl, state);
    } catch (error) {
      // An `error=` redirect never reaches the SDK (no code): its issuer is checked here, before its
      // attacker-controllable description can be shown (RFC 9207 §2.4).
      if (error instanceof AuthorizationRefusedError) {
        const metadata = (await this.#load())?.discovery?.authorizationServerMetadata;
        await loadClientSdk();
        const { checkRefusalIssuer } = await import("./issuer-check.js");
        throw checkRefusalIssuer(error, metadata, this.serverUrl);
      }
      throw error;
    }
    this.#secrets.add(response.code);
    this.#callbackLeg = true;
    this.#pending =
      response.iss === undefined ? { code: response.code } : { code: response.code, iss: response.iss };
  }

  /**
   * The code (and RFC 9207 `iss`) the last authorization produced, once: the connection layer exchanges it with
   * `finishAuth(code, iss)`, and the SDK refuses it when `iss` is not the recorded issuer's.
   */
  takeAuthorizationResponse(): AuthorizationResponse | undefined {
    const pending = this.#pending;
    this.#pending = undefined;
    return pending;
  }

  /** Allows `max` more authorizations (the connection layer calls this per connect and per request). */
  resetAuthorizationBudget(max: number = defaultMaxAuthorizations): void {
    this.#budget = max;
    this.#authorizations = 0;
  }

  /** Authorizations started since the last budget reset. */
  get authorizationsStarted(): number {
    return this.#authorizations;
  }

  /** How many times the SDK discarded the client (`invalid_client`): a change tells the caller to re-register. */
  get clientInvalidations(): number {
    return this.#clientInvalidations;
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    await this.#update((credentials) => ({ ...credentials, codeVerifier }));
  }

  async codeVerifier(): Promise<string> {
    const verifier = (await this.#load())?.codeVerifier;
    if (verifier === undefined) {
      throw new AuthError(
        "AUTH_FAILED",
        `No authorization in flight for ${this.serverUrl} (no PKCE verifier)`,
      );
    }
    return verifier;
  }

  /**
   * The DPoP session the SDK signs token requests and resource requests with (the transports wrap their fetch
   * when this method exists), once the recorded authorization server advertises DPoP; `undefined` otherwise.
   * The nonce retries (`use_dpop_nonce`, RFC 9449 §8 and §9) are the SDK's, at the token endpoint and the server.
   */
  async dpop(): Promise<DpopSession | undefined> {
    if (this.#dpop !== undefined) return this.#dpop;
    const credentials = await this.#load();
    const { chooseDpopAlgorithm } = await import("./dpop-choice.js");
    const alg = chooseDpopAlgorithm(credentials?.discovery?.authorizationServerMetadata, this.#options.dpop);
    if (alg === undefined) return undefined;
    this.#dpop ??= this.#dpopSession(credentials?.dpopKey, alg);
    return this.#dpop;
  }

  /** A session over the stored key when it loads for `alg`; otherwise over a fresh key (stored with its tokens). */
  async #dpopSession(stored: unknown, alg: DpopAlgorithm): Promise<DpopSession> {
    const key = (await loadDpopKey(stored, alg)) ?? (await createDpopKey(alg));
    this.#dpopKey = key.stored;
    for (const secret of dpopKeySecrets(key.stored)) this.#secrets.add(secret);
    const sdk = await loadClientSdk();
    return sdk.DpopSession.create({ keyPair: key.keyPair });
  }

  /** This provider signs with the key the stored tokens are bound to. */
  async #holdsKeyOf(credentials: StoredCredentials | undefined): Promise<boolean> {
    if (credentials?.tokensBoundTo === undefined) return false;
    const session = await this.dpop();
    return session !== undefined && session.thumbprint === credentials.tokensBoundTo;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.#update((credentials) => ({ ...credentials, discovery }));
  }

  /**
   * The discovery recorded before the redirect, on the callback leg only (the SDK binds the code to that
   * authorization server). Every other authorization discovers afresh: a resource that now names another
   * authorization server (SEP-2352, a migration answered with a 401) is followed, not the stored one.
   */
  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return this.#callbackLeg ? (await this.#load())?.discovery : undefined;
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    if (scope === "all" || scope === "client") this.#clientInvalidations += 1;
    await this.#update((credentials) => {
      const next: StoredCredentials = { ...credentials };
      if (scope === "all" || scope === "client") delete next.client;
      if (scope === "all" || scope === "tokens") {
        delete next.tokens;
        delete next.tokensSavedAt;
        delete next.tokensBoundTo;
      }
      // This provider's session keeps its key: the next tokens it binds are stored with it again.
      if (scope === "all") delete next.dpopKey;
      if (scope === "all" || scope === "verifier") delete next.codeVerifier;
      if (scope === "all" || scope === "discovery") delete next.discovery;
      return next;
    });
  }

  #authRequired(where?: string): AuthError {
    const at = where === undefined ? "" : ` at ${where}`;
    return new AuthError(
      "AUTH_REQUIRED",
      `${this.serverUrl} requires authorization${at}; run \`switchboard auth login\` first`,
    );
  }

  /** Every secret this provider has seen (tokens, client secret, PKCE verifier, codes, DPoP key), for redaction. */
  secretValues(): string[] {
    return [...this.#secrets].sort((a, b) => b.length - a.length);
  }

  #remember(credentials: StoredCredentials | undefined): void {
    const values = [
      credentials?.tokens?.access_token,
      credentials?.tokens?.refresh_token,
      credentials?.tokens?.id_token,
      credentials?.client?.client_secret,
      credentials?.codeVerifier,
    ];
    values.push(...dpopKeySecrets(credentials?.dpopKey));
    for (const value of values) if (typeof value === "string" && value.length >= 4) this.#secrets.add(value);
  }

  async #load(): Promise<StoredCredentials | undefined> {
    await this.#queue;
    const credentials = await this.#store.load(this.serverUrl);
    this.#remember(credentials);
    return credentials;
  }

  #update(change: (credentials: StoredCredentials) => StoredCredentials): Promise<void> {
    const run = this.#queue.then(async () => {
      const next = change((await this.#store.load(this.serverUrl)) ?? {});
      this.#remember(next);
      await this.#store.save(this.serverUrl, next);
    });
    this.#queue = run.catch(() => {});
    return run;
  }
}

function isDpopBound(tokens: StoredOAuthTokens | undefined): boolean {
  return tokens?.token_type?.toLowerCase() === "dpop";
}

/** Duck-typed check for the connection layer, which accepts any SDK provider. */
export function isSwitchboardOAuthProvider(value: unknown): value is SwitchboardOAuthProvider {
  return value instanceof SwitchboardOAuthProvider;
}
