/**
 * What `inspect` shows: each server's state and listing counts, and each catalogue tool with its parameters,
 * whether the configuration sends it, and (given an estimate) its tokens. A pure function of the servers'
 * statuses, the catalogue snapshot and an exclusion rule.
 */
import type { ServerStatus } from "../connect/connection-pool.js";
import type { ListingWarning } from "../connect/types.js";
import type { JsonObject } from "../spec/json.js";
import type { CatalogSnapshot } from "./types.js";

/** One server's row: its state, who it is, what it listed and, with an estimate, its tools' tokens. */
export interface InspectServer {
  name: string;
  status: string;
  transport: string;
  protocolVersion?: string;
  serverName?: string;
  serverVersion?: string;
  tools: number;
  resources: number;
  resourceTemplates: number;
  prompts: number;
  readyInMs?: number;
  reason?: string;
  stderrTail?: string;
  /** What the server's listing could not use: a refused optional listing, a skipped tool, a duplicate name. */
  warnings?: ListingWarning[];
  /** Estimated tokens of this server's translatable tools in the provider's array (see `InspectReport.tokens`). */
  tokens?: number;
}

/** One catalogue tool: its description on one line, its top-level parameters, and whether it is sent. */
export interface InspectTool {
  server: string;
  name: string;
  description: string;
  parameters: { name: string; required: boolean; type: string }[];
  /** Why the config keeps this tool from the model, when it does. */
  excluded?: string;
  /** Estimated tokens of this tool's definition; absent when the provider's translation quarantines it. */
  tokens?: number;
}

/** How the token columns were estimated. */
export interface InspectTokens {
  estimate: true;
  tokenizer: "o200k_base";
  target: string;
  model: string;
  /** Fixed per-request overhead (hidden tool prompt, framing) added once to a request with tools. */
  overheadTokens: number;
  /** Tools not excluded by the config, plus the overhead: what one request carries. */
  sentTokens: number;
}

/** The whole `inspect` report. */
export interface InspectReport {
  config: string;
  generation: number;
  servers: InspectServer[];
  tools: InspectTool[];
  tokens?: InspectTokens;
}

/** The parts of a token estimate the report reads (a `ToolsetTokenEstimate` fits). */
export interface InspectEstimate {
  tokenizer: "o200k_base";
  target: string;
  model: string;
  tools: readonly { server: string; tool: string; tokens: number }[];
  servers: readonly { server: string; tokens: number }[];
  overheads: { perRequest: number };
}

/**
 * The report for config file `file`: one row per server status (in status order), one per catalogue tool (in
 * snapshot order), `exclusion` telling why a tool is not sent. With `estimate`, each server and tool carries
 * its tokens and the report what one request carries (the sent tools plus the fixed overhead, none when no
 * tool is sent).
 */
export function buildInspectReport(
  file: string,
  statuses: readonly ServerStatus[],
  snapshot: CatalogSnapshot | undefined,
  exclusion: (item: CatalogSnapshot["tools"][number]) => string | undefined,
  estimate?: InspectEstimate,
): InspectReport {
  const toolTokens = new Map<string, number>();
  for (const row of estimate?.tools ?? []) toolTokens.set(JSON.stringify([row.server, row.tool]), row.tokens);
  const serverTokens = new Map(estimate?.servers.map((row) => [row.server, row.tokens]));
  const servers = statuses.map((status): InspectServer => {
    const listing = snapshot?.servers.find((entry) => entry.server === status.name);
    const info = status.info;
    return {
      name: status.name,
      status: status.state,
      transport: info?.transport ?? status.transport,
      ...(info === undefined
        ? {}
        : {
            protocolVersion: info.protocolVersion,
            serverName: info.serverInfo.name,
            serverVersion: info.serverInfo.version,
            readyInMs: Math.round(info.readyInMs),
          }),
      tools: listing?.tools.length ?? 0,
      resources: listing?.resources.length ?? 0,
      resourceTemplates: listing?.resourceTemplates.length ?? 0,
      prompts: listing?.prompts.length ?? 0,
      ...(status.reason === undefined ? {} : { reason: status.reason }),
      ...(status.stderrTail === undefined || status.stderrTail === ""
        ? {}
        : { stderrTail: status.stderrTail }),
      ...(status.warnings === undefined ? {} : { warnings: status.warnings }),
      ...(estimate === undefined ? {} : { tokens: serverTokens.get(status.name) ?? 0 }),
    };
  });
  const tools = (snapshot?.tools ?? []).map((item): InspectTool => {
    const excluded = exclusion(item);
    const tokens = toolTokens.get(JSON.stringify([item.server, item.tool.name]));
    return {
      server: item.server,
      name: item.tool.name,
      description: (item.tool.description ?? item.tool.title ?? "").replace(/\s+/g, " ").trim(),
      parameters: parametersOf(item.tool.inputSchema),
      ...(excluded === undefined ? {} : { excluded }),
      ...(tokens === undefined ? {} : { tokens }),
    };
  });
  const report: InspectReport = { config: file, generation: snapshot?.generation ?? 0, servers, tools };
  if (estimate === undefined) return report;
  const sent = tools.filter((tool) => tool.excluded === undefined && tool.tokens !== undefined);
  const overheadTokens = sent.length > 0 ? estimate.overheads.perRequest : 0;
  return {
    ...report,
    tokens: {
      estimate: true,
      tokenizer: estimate.tokenizer,
      target: estimate.target,
      model: estimate.model,
      overheadTokens,
      sentTokens: sent.reduce((sum, tool) => sum + (tool.tokens ?? 0), overheadTokens),
    },
  };
}

/** The top-level properties of an input schema: name, whether required, and a short type (`string|null`, `enum`). */
export function parametersOf(schema: JsonObject): InspectTool["parameters"] {
  const properties = schema.properties;
  if (properties === null || typeof properties !== "object" || Array.isArray(properties)) return [];
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((x) => typeof x === "string") : [],
  );
  return Object.entries(properties).map(([name, value]) => ({
    name,
    required: required.has(name),
    type: typeOf(value),
  }));
}

function typeOf(schema: unknown): string {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return "any";
  const type = (schema as { type?: unknown }).type;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return type.join("|");
  if ("enum" in schema) return "enum";
  if ("anyOf" in schema || "oneOf" in schema) return "union";
  return "any";
}
