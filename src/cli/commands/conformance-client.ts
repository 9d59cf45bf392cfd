/**
 * `switchboard conformance-client <server-url>` (hidden): the client the official MCP conformance referee
 * drives. The referee starts a scenario's server, runs this command with the server's URL as the last argument
 * and the scenario's name in `MCP_CONFORMANCE_SCENARIO` (plus `MCP_CONFORMANCE_CONTEXT` for four auth
 * scenarios), then scores the traffic. Everything goes through the library (`ServerConnection`, the client
 * features and the OAuth layer with a fresh in-memory store per run), so a pass says something about switchboard.
 * Scenario names and behaviours are those of `@modelcontextprotocol/conformance@0.1.16` (2026-11-30).
 */

import { HeadlessAuthorization } from "../../auth/headless-authorization.js";
import {
  type AuthProvider,
  ClientCredentialsProvider,
  CrossAppAccessProvider,
  type OAuthClientProvider,
  PrivateKeyJwtProvider,
  requestJwtAuthorizationGrant,
} from "../../auth/machine-grants.js";
import { MemoryCredentialStore } from "../../auth/memory-credential-store.js";
import { SwitchboardOAuthProvider } from "../../auth/oauth-provider.js";
import { clientFeatures } from "../../client-features/client-features.js";
import type { HttpServerConfig } from "../../config/types.js";
import { ServerConnection } from "../../connect/server-connection.js";
import type { ClientFeatures } from "../../connect/types.js";
import { SwitchboardError } from "../../errors.js";
import type { CliIo } from "../main.js";
import { version } from "../version.js";

/** The CIMD client-metadata URL the referee expects (`auth/basic-cimd`); the mock AS never fetches it. */
const CONFORMANCE_CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";

type Context = Record<string, string | undefined>;

interface Scenario {
  features?: ClientFeatures;
  /** The 2025-03-26 back-compat AS publishes `issuer` `<origin>/oauth` at the origin's well-known (RFC 8414 §3.3). */
  skipIssuerMetadataValidation?: boolean;
  /** Builds the OAuth side for this run (a fresh in-memory store every time). */
  auth?: (serverUrl: string, context: Context) => OAuthClientProvider | AuthProvider;
  run(connection: ServerConnection, io: CliIo): Promise<void>;
}

/** What the reference clients do once authorized: list (done by connect), then call `test-tool`. */
async function callTestTool(connection: ServerConnection, io: CliIo): Promise<void> {
  if (connection.listing?.tools.some((tool) => tool.name === "test-tool") !== true) return;
  const result = await connection.callTool("test-tool", {});
  io.err(`test-tool → ${JSON.stringify(result.content)}`);
}

/** Authorization-code flow through switchboard's provider, completed headlessly (GET without redirects). */
function authorizationCode(serverUrl: string, context: Context = {}): SwitchboardOAuthProvider {
  const clientId = context.client_id;
  const clientSecret = context.client_secret;
  return new SwitchboardOAuthProvider({
    serverUrl,
    store: new MemoryCredentialStore(),
    handler: new HeadlessAuthorization(),
    clientName: "switchboard-conformance",
    // Used only where the AS declares `client_id_metadata_document_supported`; DCR otherwise.
    clientMetadataUrl: CONFORMANCE_CLIENT_METADATA_URL,
    ...(clientId === undefined
      ? {}
      : {
          preRegistered: { clientId, ...(clientSecret === undefined ? {} : { clientSecret }) },
        }),
  });
}

function required(context: Context, key: string): string {
  const value = context[key];
  if (value === undefined) {
    throw new SwitchboardError("USAGE", `MCP_CONFORMANCE_CONTEXT has no "${key}" for this scenario`);
  }
  return value;
}

const oauthScenario: Scenario = { auth: (url) => authorizationCode(url), run: callTestTool };

const authScenarioNames = [
  "auth/metadata-default",
  "auth/metadata-var1",
  "auth/metadata-var2",
  "auth/metadata-var3",
  "auth/basic-cimd",
  "auth/scope-from-www-authenticate",
  "auth/scope-from-scopes-supported",
  "auth/scope-omitted-when-undefined",
  "auth/scope-step-up",
  "auth/scope-retry-limit",
  "auth/token-endpoint-auth-basic",
  "auth/token-endpoint-auth-post",
  "auth/token-endpoint-auth-none",
  "auth/2025-03-26-oauth-endpoint-fallback",
  // The SDK refuses a PRM `resource` that is not this server before any /authorize: the expected outcome.
  "auth/resource-mismatch",
  "auth/offline-access-scope",
  "auth/offline-access-not-supported",
];

const SCENARIOS: Readonly<Record<string, Scenario>> = {
  // The handshake is the whole test; listing what the server offers is allowed.
  initialize: { run: async () => {} },
  tools_call: {
    run: async (connection, io) => {
      const result = await connection.callTool("add_numbers", { a: 5, b: 3 });
      io.err(`add_numbers(5, 3) → ${JSON.stringify(result.content)}`);
    },
  },
  "elicitation-sep1034-client-defaults": {
    // An empty acceptance: the schema's defaults must be filled in by the client (SEP-1034).
    features: clientFeatures({ elicitation: { hook: () => ({ action: "accept", content: {} }) } }),
    run: async (connection, io) => {
      const result = await connection.callTool("test_client_elicitation_defaults", {});
      io.err(`test_client_elicitation_defaults → ${JSON.stringify(result.content)}`);
    },
  },
  "sse-retry": {
    // The server closes the POST stream early; the SDK transport resumes with GET after `retry` ms.
    run: async (connection, io) => {
      const result = await connection.callTool("test_reconnection", {});
      io.err(`test_reconnection → ${JSON.stringify(result.content)}`);
    },
  },
  ...Object.fromEntries(authScenarioNames.map((name) => [name, oauthScenario])),
  "auth/2025-03-26-oauth-metadata-backcompat": {
    auth: (url) => authorizationCode(url),
    skipIssuerMetadataValidation: true,
    run: callTestTool,
  },
  "auth/pre-registration": { auth: authorizationCode, run: callTestTool },
  "auth/client-credentials-basic": {
    auth: (_url, context) =>
      new ClientCredentialsProvider({
        clientId: required(context, "client_id"),
        clientSecret: required(context, "client_secret"),
        clientName: "switchboard-conformance",
      }),
    run: callTestTool,
  },
  "auth/client-credentials-jwt": {
    auth: (_url, context) =>
      new PrivateKeyJwtProvider({
        clientId: required(context, "client_id"),
        privateKey: required(context, "private_key_pem"),
        algorithm: context.signing_algorithm ?? "ES256",
        clientName: "switchboard-conformance",
      }),
    run: callTestTool,
  },
  "auth/cross-app-access-complete-flow": {
    // SEP-990: RFC 8693 token exchange at the IdP for an ID-JAG, then the RFC 7523 grant at the MCP server's AS.
    auth: (_url, context) =>
      new CrossAppAccessProvider({
        clientId: required(context, "client_id"),
        clientSecret: required(context, "client_secret"),
        clientName: "switchboard-conformance",
        assertion: async (target) => {
          const grant = await requestJwtAuthorizationGrant({
            tokenEndpoint: required(context, "idp_token_endpoint"),
            audience: target.authorizationServerUrl,
            resource: target.resourceUrl,
            idToken: required(context, "idp_id_token"),
            clientId: required(context, "idp_client_id"),
            ...(target.scope === undefined ? {} : { scope: target.scope }),
            fetchFn: target.fetchFn,
          });
          return grant.jwtAuthGrant;
        },
      }),
    run: callTestTool,
  },
};

export const CONFORMANCE_SCENARIOS = Object.keys(SCENARIOS);

export async function conformanceClientCommand(serverUrl: string, io: CliIo): Promise<number> {
  const name = io.env.MCP_CONFORMANCE_SCENARIO ?? "";
  const scenario = SCENARIOS[name];
  if (scenario === undefined) {
    throw new SwitchboardError(
      "USAGE",
      `Unknown MCP_CONFORMANCE_SCENARIO "${name}"; this client handles: ${CONFORMANCE_SCENARIOS.join(", ")}`,
    );
  }
  const context = readContext(io.env.MCP_CONFORMANCE_CONTEXT);
  const config: HttpServerConfig = {
    kind: "http",
    name: "conformance",
    url: serverUrl,
    transport: "streamable-http",
    headers: {},
    enabled: true,
    timeoutMs: 20_000,
    connectTimeoutMs: 20_000,
    tools: {},
    maxConcurrentCalls: 1,
  };
  const connection = new ServerConnection(config, {
    clientInfo: { name: "switchboard", version: version() },
    restart: { maxAttempts: 0 },
    ...(scenario.features === undefined ? {} : { features: scenario.features }),
    ...(scenario.auth === undefined
      ? {}
      : {
          auth: {
            provider: scenario.auth(serverUrl, context),
            ...(scenario.skipIssuerMetadataValidation === true ? { skipIssuerMetadataValidation: true } : {}),
          },
        }),
  });
  try {
    await connection.start();
    io.err(
      `${name}: connected (${connection.info?.protocolVersion ?? "?"}), ${connection.listing?.tools.length ?? 0} tools`,
    );
    await scenario.run(connection, io);
    return 0;
  } finally {
    await connection.close();
  }
}

function readContext(raw: string | undefined): Context {
  if (raw === undefined || raw === "") return {};
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(parsed).map(([key, value]) => [key, typeof value === "string" ? value : undefined]),
    );
  } catch (error) {
    throw new SwitchboardError("USAGE", "MCP_CONFORMANCE_CONTEXT is not valid JSON", { cause: error });
  }
}
