import { providerModule, targetFor } from "../providers/registry.js";
import type { Target, TargetId } from "../providers/targets.js";
import { validateTargetTools } from "../providers/validate-target-tools.js";
import type { PreparedTool } from "../spec/prepared-tool.js";
import type { ProviderRequestError } from "../spec/provider-error.js";
import type { ServerTool } from "../spec/tool.js";
import type { TranslationWarning } from "../spec/warning.js";
import { type BuildToolsetOptions, buildToolset } from "./build-toolset.js";
import { checkRequestLimits, type RequestLimitWarning } from "./request-limits.js";

/** One tool's fate for one target. */
export interface CheckRow {
  server: string;
  tool: string;
  /** Emitted name, absent when quarantined. */
  name?: string;
  /** What the provider says to the tool sent untouched (its MCP name, its raw schema), alone in the array. */
  asIs: ProviderRequestError[];
  /** `accepted`: fine as-is; `repaired`: rejected as-is, accepted after repair; `quarantined`: left out. */
  status: "accepted" | "repaired" | "quarantined";
  strict: boolean;
  reason?: string;
  warnings: TranslationWarning[];
}

/** What `checkTools` found for one target: each tool's fate (sent, repaired, quarantined) and why. */
export interface CheckReport {
  target: TargetId;
  label: string;
  rows: CheckRow[];
  counts: { tools: number; rejectedAsIs: number; repaired: number; quarantined: number; changed: number };
  /**
   * The validator's verdict on the final repaired array, request limits left out (they are in `limits`): empty
   * unless switchboard has a bug.
   */
  arrayErrors: ProviderRequestError[];
  /** Request-level limits the selection meets (too many tools, context window share): the user's choice, not a bug. */
  limits: RequestLimitWarning[];
  /** False when a blocking limit is met: the provider would reject the array as selected. */
  sendable: boolean;
  warnings: TranslationWarning[];
}

/**
 * For every target: which tools the provider would reject as published, what repair did, and what stays
 * quarantined. The repaired array is validated as a whole, so a report also proves what switchboard sends.
 */
export function checkTools(
  tools: readonly ServerTool[],
  targets: readonly TargetId[],
  options: BuildToolsetOptions & { model?: string } = {},
): CheckReport[] {
  const byKey = new Map<string, ServerTool>();
  for (const item of tools) byKey.set(JSON.stringify([item.server, item.tool.name]), item);
  return targets.map((targetId) => {
    const target = targetFor(targetId);
    const toolset = buildToolset(tools, targetId, options);
    const rows: CheckRow[] = toolset.entries.map((entry) => {
      const source = byKey.get(JSON.stringify([entry.server, entry.tool]));
      const asIs = source === undefined ? [] : validateTargetTools(target, rawWire(source, target));
      const status =
        entry.status === "quarantined" ? "quarantined" : asIs.length > 0 ? "repaired" : "accepted";
      return {
        server: entry.server,
        tool: entry.tool,
        ...(entry.name === undefined ? {} : { name: entry.name }),
        asIs,
        status,
        strict: entry.strict,
        ...(entry.reason === undefined ? {} : { reason: entry.reason }),
        warnings: entry.warnings,
      };
    });
    rows.sort((a, b) => compare(a.server, b.server) || compare(a.tool, b.tool));
    const limits = checkRequestLimits(toolset, options.model === undefined ? {} : { model: options.model });
    const tooMany = limits.warnings.some((warning) => warning.code === "too-many-tools");
    return {
      target: targetId,
      label: target.profile.label,
      rows,
      counts: {
        tools: rows.length,
        rejectedAsIs: rows.filter((row) => row.asIs.length > 0).length,
        repaired: rows.filter((row) => row.status === "repaired").length,
        quarantined: rows.filter((row) => row.status === "quarantined").length,
        changed: rows.filter((row) => row.status !== "quarantined" && row.warnings.length > 0).length,
      },
      arrayErrors: validateTargetTools(target, toolset.tools).filter(
        (error) => !(tooMany && isToolCountError(error)),
      ),
      limits: limits.warnings,
      sendable: limits.sendable,
      warnings: toolset.warnings,
    };
  });
}

/** The tool exactly as a naive client would send it: the server's own name and schema, untouched. */
function rawWire(item: ServerTool, target: Target): unknown {
  const prepared: PreparedTool = {
    name: item.tool.name,
    description: item.tool.description ?? "",
    schema: item.tool.inputSchema,
    strict: target.profile.strict,
  };
  const module = providerModule(target.wire);
  return module.layout.wrap([module.wireTool(prepared, { target, source: item.tool })]);
}

/** The provider's own rejection of an over-long tools array (OpenAI's code; Gemini's FIELD_INVALID text). */
function isToolCountError(error: ProviderRequestError): boolean {
  return (
    error.code === "array_above_max_length" ||
    (error.provider === "gemini" && /function declarations can be specified/.test(error.message))
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
