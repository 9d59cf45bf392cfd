/** Raw (validated, expanded) file → the normalised SwitchboardConfig, with every default filled in. */
import type { RawConfig, RawServer, RawServerType } from "./config-schema.js";
import type { ApprovalConfig, HttpTransportKind, ServerConfig, SwitchboardConfig, ToolFilter } from "./types.js";

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
    Object.entries(raw.agents ?? {}).map(([name, agent]) => [name, { name, servers: [...agent.servers] }]),
  );
  return {
    file,
    servers,
    agents,
    ...(raw.approval === undefined ? {} : { approval: normaliseApproval(raw.approval) }),
    ...(raw.prices === undefined ? {} : { prices: raw.prices }),
  };
}

function normaliseApproval(raw: NonNullable<RawConfig["approval"]>): ApprovalConfig {
  return {
    rules: { ...raw.rules },
    ...(raw.requireApprovalFor === undefined ? {} : { requireApprovalFor: raw.requireApprovalFor }),
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
  };
}

function toolFilter(raw: RawServer["tools"]): ToolFilter {
  return {
    ...(raw?.allow === undefined ? {} : { allow: raw.allow }),
    ...(raw?.deny === undefined ? {} : { deny: raw.deny }),
  };
}
