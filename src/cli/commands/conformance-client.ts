/**
 * `switchboard conformance-client <server-url>` (hidden): the client the official MCP conformance referee
 * drives. The referee starts a scenario's server, runs this command with the server's URL as the last argument
 * and the scenario's name in `MCP_CONFORMANCE_SCENARIO` (plus `MCP_CONFORMANCE_CONTEXT` for four auth
 * scenarios), then scores the traffic. Everything goes through the library (`ServerConnection`, the client
 * features and the OAuth layer with a fresh in-memory store per run), so a pass says something about switchboard.
 * Scenario names and behaviours are those of `@modelcontextprotocol/conformance@0.1.16` (2026-11-30).
 */

import { HeadlessAuthorization } from "../../auth/headless-authorization.js";
import { JwtBearerProvider } from "../../auth/jwt-bearer-provider.js";
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
import { readAssertion } from "../../auth/workload-assertion.js";
import { toServerCatalog } from "../../catalog/map-listing.js";
import type { CatalogSkill } from "../../catalog/types.js";
import { clientFeatures } from "../../client-features/client-features.js";
import { RootsRegistry } from "../../client-features/roots.js";
import type { HttpServerConfig } from "../../config/types.js";
import { ServerConnection } from "../../connect/server-connection.js";
import type { ClientFeatures } from "../../connect/types.js";
import { skillHandles } from "../../context/skill-list.js";
import { SwitchboardError } from "../../errors.js";
import type { ToolResult } from "../../spec/tool-call.js";
import { answerLoadSkill, LOAD_SKILL_NAME } from "../../toolsearch/load-skill.js";
import type { CliIo } from "../main.js";
import { version } from "../version.js";

/** The CIMD client-metadata URL the referee expects (`auth/basic-cimd`); the mock AS never fetches it. */
const CONFORMANCE_CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";

type Context = Readonly<Record<string, unknown>>;

interface Scenario {
  features?: ClientFeatures;
  /** The 2025-03-26 back-compat AS publishes `issuer` `<origin>/oauth` at the origin's well-known (RFC 8414 §3.3). */
  skipIssuerMetadataValidation?: boolean;
  /** Builds the OAuth side for this run (a fresh in-memory store every time). */
  auth?: (serverUrl: string, context: Context) => OAuthClientProvider | AuthProvider;
  run(connection: ServerConnection, io: CliIo, context: Context): Promise<void>;
}

/** Every client feature a host can offer: a form answered with the schema's defaults, the working directory. */
const everyFeature: ClientFeatures = {
  ...clientFeatures({
    elicitation: { hook: () => ({ action: "accept", content: { confirmed: true } }), url: false },
    roots: new RootsRegistry(undefined, process.cwd()),
  }),
  // No model runs here: a sampling request is answered with a refusal, as a host without approval would.
  sampling: async () => ({ rejected: "the conformance client has no model to sample" }),
};

/** Uses what was listed the way a session does: every tool called, every resource read, every prompt got. */
async function useEverything(connection: ServerConnection, io: CliIo): Promise<void> {
  const listing = connection.listing;
  for (const tool of listing?.tools ?? []) {
    const result = await connection.callTool(tool.name, {});
    io.err(`${tool.name} → ${JSON.stringify(result.content)}`);
  }
  for (const resource of listing?.resources ?? []) {
    const result = await connection.readResource(resource.uri);
    io.err(`${resource.uri} → ${result.contents.length} content(s)`);
  }
  for (const prompt of listing?.prompts ?? []) {
    const result = await connection.getPrompt(prompt.name, {});
    io.err(`${prompt.name} → ${result.messages.length} message(s)`);
  }
}

/** The calls the scenario names in its context (`toolCalls`), in order. */
async function contextToolCalls(connection: ServerConnection, io: CliIo, context: Context): Promise<void> {
  const calls = Array.isArray(context.toolCalls) ? (context.toolCalls as unknown[]) : [];
  for (const call of calls) {
    const { name, arguments: args } = (call ?? {}) as { name?: unknown; arguments?: unknown };
    if (typeof name !== "string") continue;
    const result = await connection.callTool(
      name,
      args !== null && typeof args === "object" ? (args as Record<string, unknown>) : {},
    );
    io.err(`${name} → ${JSON.stringify(result.content)}`);
  }
}

/** What the reference clients do once authorized: list (done by connect), then call `test-tool`. */
async function callTestTool(connection: ServerConnection, io: CliIo): Promise<void> {
  if (connection.listing?.tools.some((tool) => tool.name === "test-tool") !== true) return;
  const result = await connection.callTool("test-tool", {});
  io.err(`test-tool → ${JSON.stringify(result.content)}`);
}

/** Authorization-code flow through switchboard's provider, completed headlessly (GET without redirects). */
function authorizationCode(serverUrl: string, context: Context = {}): SwitchboardOAuthProvider {
  const clientId = text(context, "client_id");
  const clientSecret = text(context, "client_secret");
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

function text(context: Context, key: string): string | undefined {
  const value = context[key];
  return typeof value === "string" ? value : undefined;
}

function required(context: Context, key: string): string {
  const value = text(context, key);
  if (value === undefined) {
    throw new SwitchboardError("USAGE", `MCP_CONFORMANCE_CONTEXT has no "${key}" for this scenario`);
  }
  return value;
}

/**
 * The skills scenarios (SEP-2640) take the path of a user's session: the skills listed at connect (no file read),
 * then, as a model would, `load_skill` for the first skill and, once it loaded, each file it lists. A failed
 * check answers `load_skill` with an error and nothing more is read.
 */
async function loadSkills(connection: ServerConnection, io: CliIo, loadFiles: boolean): Promise<void> {
  const listing = connection.listing;
  if (listing === undefined) return;
  const handles = skillHandles(toServerCatalog(connection.name, listing).skills ?? []);
  io.err(`skills: ${handles.map((entry) => entry.handle).join(", ") || "(none)"}`);
  const first = handles[0];
  if (!loadFiles || first === undefined) return;
  const reader = { readSkill: (skill: CatalogSkill, ref?: string) => connection.readSkill(skill.entry, ref) };
  const load = (args: Record<string, string>, id: string) =>
    answerLoadSkill({ id, name: LOAD_SKILL_NAME, arguments: args }, handles, reader);
  const manifest = await load({ name: first.handle }, "skill");
  io.err(`load_skill ${first.handle} → ${manifest.outcome}: ${textOfResult(manifest).slice(0, 300)}`);
  if (manifest.outcome !== "ok") return;
  const { entry } = first.skill;
  const root = entry.uri.slice(0, entry.uri.length - "SKILL.md".length);
  const files = Array.isArray(entry.resources)
    ? entry.resources.filter((file) => file.uri !== entry.uri)
    : [];
  for (const [index, file] of files.entries()) {
    const ref = file.uri.startsWith(root) ? file.uri.slice(root.length) : file.uri;
    const result = await load({ name: first.handle, file: ref }, `file-${index}`);
    io.err(`load_skill ${first.handle} ${ref} → ${result.outcome}`);
  }
}

function textOfResult(result: ToolResult): string {
  return result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
}

const skillScenarios = {
  // Connect lists the skills; nothing asks for one, so nothing may be read.
  "sep-2640-client-no-prefetch": { run: (connection, io) => loadSkills(connection, io, false) },
  "sep-2640-client-verify-digest": { run: (connection, io) => loadSkills(connection, io, true) },
  "sep-2640-client-verify-size": { run: (connection, io) => loadSkills(connection, io, true) },
  "sep-2640-client-verify-frontmatter": { run: (connection, io) => loadSkills(connection, io, true) },
} satisfies Record<string, Scenario>;

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
  // SEP-2352: the PRM names another authorization server after the first token; the credentials follow it.
  "auth/authorization-server-migration",
  // RFC 9207 / SEP-2468: the `iss` of the authorization response and the metadata's `issuer` are checked.
  "auth/iss-supported",
  "auth/iss-not-advertised",
  "auth/iss-supported-missing",
  "auth/iss-wrong-issuer",
  "auth/iss-unexpected",
  "auth/iss-normalized",
  "auth/metadata-issuer-mismatch",
  // SEP-1932: the AS advertises DPoP, so the provider binds the token to its key and proves it per request; the
  // -nonce variant answers `use_dpop_nonce` at the token endpoint and at the MCP server.
  "auth/dpop",
  "auth/dpop-nonce",
];

/** SEP-990: RFC 8693 token exchange at the IdP for an ID-JAG, then the RFC 7523 grant at the MCP server's AS. */
const crossAppAccess: Scenario = {
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
};

/** Connecting (discovery or initialize, then the listing) is the whole test. */
const listOnly: Scenario = { run: async () => {} };

const SCENARIOS: Readonly<Record<string, Scenario>> = {
  // The handshake is the whole test; listing what the server offers is allowed.
  initialize: listOnly,
  // SEP-2575: every request carries the protocol version (header and `_meta`), client info and capabilities.
  "request-metadata": { features: everyFeature, run: async () => {} },
  // SEP-2106: a network `$ref` in a listed schema is never fetched.
  "json-schema-ref-no-deref": listOnly,
  "json-schema-2020-12-preservation": {
    // The listed schema goes back to the server as it was listed (nothing stripped or rewritten).
    run: async (connection, io) => {
      const focal = connection.listing?.tools.find((tool) => tool.name === "json_schema_2020_12_tool");
      if (focal === undefined) throw new SwitchboardError("USAGE", "json_schema_2020_12_tool is not listed");
      const result = await connection.callTool("json_schema_echo", { schema: focal.inputSchema });
      io.err(`json_schema_echo → ${JSON.stringify(result.content)}`);
    },
  },
  // SEP-2322: input_required results are answered through the elicitation handler and retried.
  "sep-2322-client-request-state": {
    features: everyFeature,
    run: async (connection, io) => {
      for (const name of [
        "test_mrtr_echo_state",
        "test_mrtr_unrelated",
        "test_mrtr_no_state",
        "test_mrtr_no_result_type",
      ]) {
        const result = await connection.callTool(name, {});
        io.err(`${name} → ${JSON.stringify(result.content)}`);
      }
    },
  },
  // SEP-2243: Mcp-Method / Mcp-Name on every request, Mcp-Param-* mirrored from `x-mcp-header` parameters.
  "http-standard-headers": { run: useEverything },
  "http-custom-headers": { run: contextToolCalls },
  "http-invalid-tool-headers": {
    // Tools with an invalid header binding are quarantined at listing; the valid one stays callable.
    run: async (connection, io) => {
      for (const tool of connection.listing?.tools ?? []) {
        const result = await connection.callTool(tool.name, {});
        io.err(`${tool.name} → ${JSON.stringify(result.content)}`);
      }
      for (const warning of connection.listingWarnings) io.err(`warning: ${warning.message}`);
    },
  },
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
  ...skillScenarios,
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
        algorithm: text(context, "signing_algorithm") ?? "ES256",
        clientName: "switchboard-conformance",
      }),
    run: callTestTool,
  },
  "auth/cross-app-access-complete-flow": crossAppAccess,
  // SEP-1933 workload identity: the platform's JWT (here the referee's `valid_jwt`, handed over as a user's
  // platform does, in an environment variable) is the RFC 7523 assertion; no user, no secret.
  "auth/wif-jwt-bearer": {
    auth: (_url, context) => {
      const env = { SWITCHBOARD_WORKLOAD_JWT: required(context, "valid_jwt") };
      return new JwtBearerProvider({
        clientId: required(context, "client_id"),
        clientName: "switchboard-conformance",
        assertion: () => readAssertion({ env: "SWITCHBOARD_WORKLOAD_JWT" }, env),
      });
    },
    run: callTestTool,
  },
  // The same SEP-990 flow under its extension name (io.modelcontextprotocol/enterprise-managed-authorization).
  "auth/enterprise-managed-authorization": crossAppAccess,
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
    // Discovery first: a 2026-07-28 server is spoken to in its own era, an older one gets `initialize`.
    versionNegotiation: { mode: "auto" },
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
    await scenario.run(connection, io, context);
    return 0;
  } finally {
    await connection.close();
  }
}

function readContext(raw: string | undefined): Context {
  if (raw === undefined || raw === "") return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Context) : {};
  } catch (error) {
    throw new SwitchboardError("USAGE", "MCP_CONFORMANCE_CONTEXT is not valid JSON", { cause: error });
  }
}
