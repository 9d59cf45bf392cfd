/** Raw (validated, expanded) file → the normalised SwitchboardConfig, with every default filled in. */

import { dirname, isAbsolute, resolve } from "node:path";
import type { RawConfig, RawServer, RawServerType } from "./config-schema.js";
import type {
  ApprovalConfig,
  HttpAuthConfig,
  HttpTransportKind,
  SamplingConfig,
  ServerConfig,
  SwitchboardConfig,
  ToolFilter,
} from "./types.js";

export const CONFIG_DEFAULTS = {
  enabled: true,
  timeoutMs: 60_000,
  connectTimeoutMs: 30_000,
  maxConcurrentCalls: 8,
} as const;

/** Absent `type` means "try Streamable HTTP, fall back to SSE"; every Streamable HTTP spelling maps to one kind. */
export function transportFor(type: RawServerType | undefined): HttpTransportKind {
  if (type === undefined || type === "stdio") return "auto";
  return type === "sse" ? "sse" : "streamable-http";
}

export function normaliseConfig(raw: RawConfig, file: string): SwitchboardConfig {
  const root = raw.mcpServers ?? raw.servers ?? {};
  // fromEntries defines own properties, so a server named "__proto__" cannot reach the prototype.
  const servers = Object.fromEntries(
    Object.entries(root).map(([name, server]) => [name, normaliseServer(name, server)]),
  );
  const agents = Object.fromEntries(
    Object.entries(raw.agents ?? {}).map(([name, agent]) => [
      name,
      {
        name,
        servers: [...agent.servers],
        ...(agent.toolSearch === undefined ? {} : { toolSearch: agent.toolSearch }),
        ...(agent.toolSearchBudgetTokens === undefined
          ? {}
          : { toolSearchBudgetTokens: agent.toolSearchBudgetTokens }),
        ...(agent.overLimit === undefined ? {} : { overLimit: agent.overLimit }),
        ...(agent.skills === undefined ? {} : { skills: agent.skills }),
        ...(agent.skillMaxBytes === undefined ? {} : { skillMaxBytes: agent.skillMaxBytes }),
      },
    ]),
  );
  return {
    file,
    servers,
    agents,
    ...(raw.approval === undefined ? {} : { approval: normaliseApproval(raw.approval) }),
    ...(raw.roots === undefined ? {} : { roots: raw.roots.map((root) => resolveRoot(root, file)) }),
    ...(raw.sampling === undefined ? {} : { sampling: normaliseSampling(raw.sampling) }),
    ...(raw.prices === undefined ? {} : { prices: raw.prices }),
    ...(raw.listChanged === undefined ? {} : { listChanged: raw.listChanged }),
    ...(raw.ledger === undefined
      ? {}
      : {
          ledger: {
            ...(raw.ledger.path === undefined ? {} : { path: raw.ledger.path }),
            ...(raw.ledger.enabled === undefined ? {} : { enabled: raw.ledger.enabled }),
          },
        }),
  };
}

function normaliseApproval(raw: NonNullable<RawConfig["approval"]>): ApprovalConfig {
  return {
    rules: { ...raw.rules },
    ...(raw.requireApprovalFor === undefined ? {} : { requireApprovalFor: raw.requireApprovalFor }),
  };
}

/** A relative root is relative to the config file's folder (an inline config: kept as written). */
function resolveRoot(root: string, file: string): string {
  if (root.startsWith("file://") || isAbsolute(root) || !isAbsolute(file)) return root;
  return resolve(dirname(file), root);
}

function normaliseSampling(raw: NonNullable<RawConfig["sampling"]>): SamplingConfig {
  return {
    ...(raw.approval === undefined ? {} : { approval: raw.approval }),
    ...(raw.maxTokens === undefined ? {} : { maxTokens: raw.maxTokens }),
    ...(raw.models === undefined ? {} : { models: { ...raw.models } }),
  };
}

function normaliseServer(name: string, raw: RawServer): ServerConfig {
  const common = {
    name,
    enabled: raw.enabled ?? CONFIG_DEFAULTS.enabled,
    timeoutMs: raw.timeoutMs ?? CONFIG_DEFAULTS.timeoutMs,
    connectTimeoutMs: raw.connectTimeoutMs ?? CONFIG_DEFAULTS.connectTimeoutMs,
    tools: toolFilter(raw.tools),
    maxConcurrentCalls: raw.maxConcurrentCalls ?? CONFIG_DEFAULTS.maxConcurrentCalls,
    ...(raw.prefix === undefined ? {} : { prefix: raw.prefix }),
    ...(raw.logLevel === undefined ? {} : { logLevel: raw.logLevel }),
    ...(raw.protocol === undefined ? {} : { protocol: raw.protocol }),
  };
  if (raw.command !== undefined) {
    return {
      ...common,
      kind: "stdio",
      command: raw.command,
      args: raw.args ?? [],
      env: raw.env ?? {},
      ...(raw.cwd === undefined ? {} : { cwd: raw.cwd }),
    };
  }
  if (raw.url === undefined) throw new Error(`server ${name} has neither command nor url after validation`);
  return {
    ...common,
    kind: "http",
    url: raw.url,
    transport: transportFor(raw.type),
    headers: raw.headers ?? {},
    ...(raw.auth === undefined ? {} : { auth: normaliseAuth(raw.auth) }),
  };
}

function normaliseAuth(raw: NonNullable<RawServer["auth"]>): HttpAuthConfig {
  return {
    ...(raw.clientId === undefined ? {} : { clientId: raw.clientId }),
    ...(raw.clientSecret === undefined ? {} : { clientSecret: raw.clientSecret }),
    ...(raw.clientMetadataUrl === undefined ? {} : { clientMetadataUrl: raw.clientMetadataUrl }),
    ...(raw.scopes === undefined ? {} : { scopes: [...raw.scopes] }),
    ...(raw.callbackPort === undefined ? {} : { callbackPort: raw.callbackPort }),
    ...(raw.grant === undefined ? {} : { grant: raw.grant }),
    ...(raw.issuer === undefined ? {} : { issuer: raw.issuer }),
    ...(raw.assertionEnv === undefined ? {} : { assertionEnv: raw.assertionEnv }),
    ...(raw.assertionFile === undefined ? {} : { assertionFile: raw.assertionFile }),
    ...(raw.dpop === undefined ? {} : { dpop: raw.dpop }),
  };
}

function toolFilter(raw: RawServer["tools"]): ToolFilter {
  return {
    ...(raw?.allow === undefined ? {} : { allow: raw.allow }),
    ...(raw?.deny === undefined ? {} : { deny: raw.deny }),
    ...(raw?.readOnly === undefined ? {} : { readOnly: raw.readOnly }),
  };
}
