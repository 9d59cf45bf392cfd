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

/** A tool as listed downstream: the `mcp` target's definition plus the server's own output schema. */
export interface GatewayTool extends McpToolDefinition {
  outputSchema?: JsonObject;
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
  for (const entry of toolset.entries) {
    const outputSchema = bySource.get(`${entry.server}\0${entry.tool}`)?.outputSchema;
    if (entry.name !== undefined && outputSchema !== undefined) outputSchemas.set(entry.name, outputSchema);
  }
  const tools = (toolset.tools as McpToolDefinition[]).map((tool): GatewayTool => {
    const outputSchema = outputSchemas.get(tool.name);
    return outputSchema === undefined ? tool : { ...tool, outputSchema };
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
