import type { CatalogSnapshot } from "../../catalog/types.js";
import type { ServerStatus } from "../../connect/connection-pool.js";
import type { ListingWarning } from "../../connect/types.js";
import { defaultModelFor } from "../../cost/default-models.js";
import {
  estimateToolsetTokens,
  familyOfWire,
  type ToolsetTokenEstimate,
} from "../../cost/estimate-tokens.js";
import { formatTokens } from "../../cost/format-money.js";
import { TARGETS } from "../../providers/targets.js";
import type { JsonObject } from "../../spec/json.js";
import { buildToolset } from "../../toolset/build-toolset.js";
import { exclusionOf } from "../../toolset/select-tools.js";
import { connectForCli } from "../connect-for-cli.js";
import { reportJson } from "../json-numbers.js";
import { loadCliConfig } from "../load-cli-config.js";
import type { CliIo } from "../main.js";
import { oneLine, renderTable } from "../render-table.js";
import { stderrExcerpt } from "../stderr-excerpt.js";
import { parseTarget } from "./tools.js";

export interface InspectOptions {
  config?: string;
  json?: boolean;
  server?: string[];
  agent?: string;
  /** Whose tokens to estimate (default anthropic). */
  provider?: string;
}

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

export interface InspectReport {
  config: string;
  generation: number;
  servers: InspectServer[];
  tools: InspectTool[];
  tokens?: InspectTokens;
}

/** `switchboard inspect`: connect, list, print; exit 1 when any enabled server failed. */
export async function inspectCommand(options: InspectOptions, io: CliIo): Promise<number> {
  const config = await loadCliConfig(options.config, io);
  const host = await connectForCli(config, io, options.server);
  try {
    const snapshot = host.catalog.snapshot();
    const report = buildReport(
      config.file,
      host.servers,
      snapshot,
      (item) => exclusionOf(config, options.agent === undefined ? {} : { agent: options.agent })(item),
      estimateCatalogTokens(snapshot, options.provider ?? "anthropic"),
    );
    io.out(options.json ? reportJson(report) : renderReport(report), { exact: options.json === true });
    const failed = report.servers.filter((server) => server.status === "failed");
    if (failed.length > 0 && !options.json) {
      io.err(
        `${failed.length} of ${report.servers.length} servers failed: ${failed.map((server) => server.name).join(", ")}`,
      );
    }
    return failed.length > 0 ? 1 : 0;
  } finally {
    await host.close();
  }
}

/** Token estimates for every catalogue tool as the provider's array would carry it (config filters ignored). */
export function estimateCatalogTokens(
  snapshot: CatalogSnapshot | undefined,
  provider: string,
): ToolsetTokenEstimate {
  const target = parseTarget(provider);
  const model = defaultModelFor(familyOfWire(TARGETS[target].wire)) ?? "no model";
  return estimateToolsetTokens(buildToolset(snapshot?.tools ?? [], target), { model });
}

export function buildReport(
  file: string,
  statuses: readonly ServerStatus[],
  snapshot: CatalogSnapshot | undefined,
  exclusion: (item: CatalogSnapshot["tools"][number]) => string | undefined,
  estimate?: ToolsetTokenEstimate,
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
      description: oneLine(item.tool.description ?? item.tool.title ?? ""),
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

function parametersOf(schema: JsonObject): InspectTool["parameters"] {
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

export function renderReport(report: InspectReport): string {
  const serverTable = renderTable(report.servers, [
    { header: "server", value: (row) => row.name },
    { header: "status", value: (row) => row.status },
    { header: "transport", value: (row) => row.transport },
    { header: "protocol", value: (row) => row.protocolVersion ?? "-" },
    { header: "tools", value: (row) => String(row.tools), align: "right" },
    {
      header: "tokens",
      value: (row) => (row.tokens === undefined ? "-" : formatTokens(row.tokens, true)),
      align: "right",
    },
    { header: "resources", value: (row) => String(row.resources + row.resourceTemplates), align: "right" },
    { header: "prompts", value: (row) => String(row.prompts), align: "right" },
    {
      header: "ready",
      value: (row) => (row.readyInMs === undefined ? "-" : `${row.readyInMs} ms`),
      align: "right",
    },
  ]);
  const failures = report.servers
    .filter((server) => server.reason !== undefined)
    .map((server) => {
      const tail =
        server.stderrTail === undefined
          ? ""
          : `\n    stderr: ${stderrExcerpt(server.stderrTail).join("\n            ")}`;
      return `  ${server.name}: ${server.reason}${tail}`;
    });
  const toolTable = renderTable(report.tools, [
    { header: "server", value: (row) => row.server },
    { header: "tool", value: (row) => row.name },
    { header: "description", value: (row) => row.description, maxWidth: 56 },
    {
      header: "parameters",
      value: (row) => row.parameters.map((p) => `${p.name}${p.required ? "" : "?"}: ${p.type}`).join(", "),
      maxWidth: 48,
    },
    {
      header: "tokens",
      value: (row) => (row.tokens === undefined ? "-" : formatTokens(row.tokens, true)),
      align: "right",
    },
    { header: "sent", value: (row) => (row.excluded === undefined ? "yes" : `no (${row.excluded})`) },
  ]);
  const warnings = report.servers.flatMap((server) =>
    (server.warnings ?? []).map((warning) => `  ${server.name}: ${warning.message}`),
  );
  const parts = [`config: ${report.config}`, "", serverTable];
  if (failures.length > 0) parts.push("", "failures:", ...failures);
  if (warnings.length > 0) parts.push("", "listing warnings:", ...warnings);
  parts.push("", `${report.tools.length} tools (catalogue generation ${report.generation})`, "", toolTable);
  const tokens = report.tokens;
  if (tokens !== undefined) {
    parts.push(
      "",
      `${formatTokens(tokens.sentTokens, true)} tokens per request for ${tokens.target} (${tokens.model}): the sent tools plus ${tokens.overheadTokens} fixed overhead; estimates (${tokens.tokenizer}), \`switchboard cost\` prices them`,
    );
  }
  return parts.join("\n");
}
