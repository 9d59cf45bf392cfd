/**
 * What the gateway shows downstream at one catalogue generation: the agent's tools under the `mcp` target (legal,
 * prefixed names; repaired schemas; the same name table dispatch resolves against), and the agent's resources,
 * templates and prompts behind their own reversible tables. A pure function of (snapshot, config, agent); the
 * optional translation cache only saves work across generations.
 */
import type { CatalogSnapshot } from "../catalog/types.js";
import type { SwitchboardConfig } from "../config/types.js";
import type { McpToolDefinition } from "../providers/mcp/prepare-tools.js";
import type { JsonObject } from "../spec/json.js";
import { buildToolset, type Toolset } from "../toolset/build-toolset.js";
import { namingOf } from "../toolset/config-naming.js";
import { selectTools } from "../toolset/select-tools.js";
import type { ToolTranslationCache } from "../toolset/translation-cache.js";
import { buildPromptTable, type PromptTable } from "./prompt-table.js";
import { buildResourceTable, type ResourceTable } from "./resource-table.js";

/**
 * A tool as listed downstream: the `mcp` target's definition plus the server's own output schema, and
 * `execution.taskSupport` "optional" where the server's tool runs as a task (the gateway runs it upstream either
 * way, so a downstream client may call it plainly or as a task of the gateway's own).
 */
export interface GatewayTool extends McpToolDefinition {
  outputSchema?: JsonObject;
  execution?: { taskSupport: "optional" };
}

/** What the gateway serves at one catalogue generation: the tools, resources and prompts clients see. */
export interface GatewayView {
  generation: number;
  toolset: Toolset;
  tools: readonly GatewayTool[];
  resources: ResourceTable;
  prompts: PromptTable;
}

export function buildGatewayView(
  snapshot: CatalogSnapshot,
  config: SwitchboardConfig,
  agent?: string,
  cache?: ToolTranslationCache,
): GatewayView {
  const selected = selectTools(snapshot.tools, config, agent === undefined ? {} : { agent });
  const naming = namingOf(config);
  const toolset = buildToolset(selected, "mcp", {
    generation: snapshot.generation,
    ...(naming === undefined ? {} : { naming }),
    ...(cache === undefined ? {} : { cache }),
  });
  const bySource = new Map(selected.map((item) => [`${item.server}\0${item.tool.name}`, item.tool]));
  const outputSchemas = new Map<string, JsonObject>();
  const taskTools = new Set<string>();
  for (const entry of toolset.entries) {
    const source = bySource.get(`${entry.server}\0${entry.tool}`);
    if (entry.name === undefined || source === undefined) continue;
    if (source.outputSchema !== undefined) outputSchemas.set(entry.name, source.outputSchema);
    const support = source.execution?.taskSupport;
    if (support === "required" || support === "optional") taskTools.add(entry.name);
  }
  const tools = (toolset.tools as McpToolDefinition[]).map((tool): GatewayTool => {
    const outputSchema = outputSchemas.get(tool.name);
    const listed: GatewayTool = outputSchema === undefined ? tool : { ...tool, outputSchema };
    return taskTools.has(tool.name) ? { ...listed, execution: { taskSupport: "optional" } } : listed;
  });
  const servers = agentServerSet(config, agent);
  const mine = <T extends { server: string }>(items: readonly T[]) =>
    servers === undefined ? items : items.filter((item) => servers.has(item.server));
  return {
    generation: snapshot.generation,
    toolset,
    tools,
    resources: buildResourceTable(mine(snapshot.resources), mine(snapshot.resourceTemplates)),
    prompts: buildPromptTable(mine(snapshot.prompts)),
  };
}

function agentServerSet(config: SwitchboardConfig, agent: string | undefined): Set<string> | undefined {
  if (agent === undefined) return undefined;
  // selectTools already rejected an unknown agent with a USAGE error.
  return new Set(config.agents[agent]?.servers ?? []);
}
