import type { Target } from "../providers/targets.js";
import { cleanForAnthropic, repairSchema } from "../schema/index.js";
import type { JsonObject } from "../spec/json.js";
import type { McpTool } from "../spec/tool.js";
import type { TranslationWarning } from "../spec/warning.js";

export type RepairedTool =
  | { ok: true; schema: JsonObject; strict: boolean; omitParameters: boolean; warnings: TranslationWarning[] }
  | { ok: false; reason: string; warnings: TranslationWarning[] };

/**
 * Repairs one tool's input schema for a target. A strict target whose repair fails retries the tool in the
 * target's non-strict dialect and sends it with `strict: false`: losing strictness for one tool is better than
 * losing the tool. Only a schema that no dialect accepts is quarantined. The schema returned may be the input's
 * own object (never written to): copy it before editing.
 */
export function repairTool(tool: McpTool, target: Target): RepairedTool {
  // Most published schemas are already valid Anthropic input (but for a `$schema`): proven by a read-only
  // walk, they skip the pipeline, whose result would be an unwarned copy. The schema may share the tool's
  // objects (callers canonicalise it).
  const clean = target.profile.dialect === "anthropic" ? cleanForAnthropic(tool.inputSchema) : undefined;
  if (clean !== undefined) {
    return {
      ok: true,
      schema: clean as JsonObject,
      strict: target.profile.strict,
      omitParameters: false,
      warnings: [],
    };
  }
  const first = repairSchema(tool.inputSchema, target.profile.dialect);
  if (first.ok) {
    return {
      ok: true,
      schema: first.schema,
      strict: target.profile.strict,
      omitParameters: first.warnings.some((warning) => warning.code === "omit-parameters"),
      warnings: first.warnings,
    };
  }
  if (target.nonStrictFallback === undefined)
    return { ok: false, reason: first.reason, warnings: first.warnings };
  const fallback = repairSchema(tool.inputSchema, target.nonStrictFallback);
  const note: TranslationWarning = {
    code: "strict-fallback",
    path: "",
    message: `sent with strict: false because ${first.reason}`,
  };
  if (!fallback.ok) {
    return { ok: false, reason: `${first.reason}; non-strict: ${fallback.reason}`, warnings: first.warnings };
  }
  return {
    ok: true,
    schema: fallback.schema,
    strict: false,
    omitParameters: false,
    warnings: [note, ...fallback.warnings],
  };
}
