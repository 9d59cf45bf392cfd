import type { JsonObject } from "../spec/json.js";
import type { SchemaDialect } from "../spec/provider-profile.js";
import type { TranslationWarning } from "../spec/warning.js";
import { inlineRefs, permissiveLeaf, type TruncatedLeaf } from "./inline-refs.js";
import { canonicalText, isObject, jsonEqual, own, sameTree } from "./json-utils.js";
import { liftRootCombinators } from "./lift-root-combinators.js";
import { normalizeSchema } from "./normalize-schema.js";
import { createContext, QuarantineSignal, quarantine, type RepairContext } from "./repair-context.js";
import { repairForAnthropic } from "./repair-for-anthropic.js";
import { repairForGeminiJsonSchema } from "./repair-for-gemini-json-schema.js";
import { repairForGeminiOpenApi } from "./repair-for-gemini-openapi.js";
import { repairForMcp } from "./repair-for-mcp.js";
import { repairForOpenAI } from "./repair-for-openai.js";
import { repairStrict } from "./repair-strict.js";
import { simplifyCombinators } from "./simplify-combinators.js";
import { ANTHROPIC_STRICT, OPENAI_STRICT } from "./strict-rules.js";
import { toJsonTree } from "./to-json-tree.js";
import { walkObject } from "./walk-schema.js";

export interface RepairOptions {
  /** How many times a definition may be inlined inside itself along one path (default 8, clamped to 0..32). */
  maxRefDepth?: number;
}

/**
 * What `repairSchema` made of a tool's input schema: the schema a provider accepts and what changed, or why
 * it could not be repaired.
 */
export type RepairResult =
  | { ok: true; schema: JsonObject; warnings: TranslationWarning[] }
  | { ok: false; reason: string; warnings: TranslationWarning[] };

export const DEFAULT_MAX_REF_DEPTH = 8;

const DIALECT_REPAIRS: Readonly<
  Record<Exclude<SchemaDialect, "mcp">, (root: JsonObject, ctx: RepairContext) => JsonObject>
> = {
  anthropic: repairForAnthropic,
  "anthropic-strict": (root, ctx) => repairStrict(root, ctx, ANTHROPIC_STRICT),
  openai: repairForOpenAI,
  "openai-strict": (root, ctx) => repairStrict(root, ctx, OPENAI_STRICT),
  "gemini-openapi": repairForGeminiOpenApi,
  "gemini-json-schema": repairForGeminiJsonSchema,
};

const STRICT = new Set<SchemaDialect>(["anthropic-strict", "openai-strict"]);

/** A recursive definition cut in a strict dialect: a closed empty object (strict grammars need closed objects). */
const closedLeaf: TruncatedLeaf = (target) => {
  const type = own(target, "type");
  if (typeof type === "string" && type !== "object" && type !== "array") return { type };
  return { type: "object", properties: {}, additionalProperties: false };
};

/** See `index.ts` for the contract. Never throws. */
export function repairSchema(
  input: unknown,
  dialect: SchemaDialect,
  options: RepairOptions = {},
): RepairResult {
  const ctx = createContext(refDepth(options.maxRefDepth));
  try {
    const root = rootSchema(input, ctx);
    if (dialect === "mcp") return { ok: true, schema: repairForMcp(root, ctx), warnings: ctx.warnings };
    if (!Object.hasOwn(DIALECT_REPAIRS, dialect))
      quarantine(`unknown schema dialect ${JSON.stringify(dialect)}`);
    let schema = pipeline(root, dialect, ctx);
    // A first pass that warned nothing and gave back its input, key order included, is already a fixed point:
    // the pipeline is a function of the tree's content (origins only shape warning paths), so a second pass
    // would replay the first. Most schemas servers publish need no repair: this halves their cost.
    if (ctx.emitted === 0 && sameTree(schema, root)) return { ok: true, schema, warnings: ctx.warnings };
    // Each step is idempotent alone, but a late step can leave a shape an earlier one would still rewrite
    // (a Gemini `nullable` wrapper that normalisation turns into an anyOf branch). Re-running until nothing
    // changes and nothing warns makes the output a fixed point: repairing it again is a no-op.
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const emitted = ctx.emitted;
      const again = pipeline(schema, dialect, ctx);
      if (ctx.emitted === emitted && jsonEqual(again, schema)) break;
      schema = again;
    }
    return { ok: true, schema, warnings: ctx.warnings };
  } catch (error) {
    if (error instanceof QuarantineSignal) return { ok: false, reason: error.reason, warnings: ctx.warnings };
    // A bug or an exhausted stack must cost one tool, not the request.
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `schema repair failed: ${message}`, warnings: ctx.warnings };
  }
}

const MAX_ROUNDS = 3;

function pipeline(root: JsonObject, dialect: Exclude<SchemaDialect, "mcp">, ctx: RepairContext): JsonObject {
  let schema = inlineRefs(root, ctx, STRICT.has(dialect) ? closedLeaf : permissiveLeaf);
  schema = normalizeSchema(schema, ctx);
  // Lossless anyOf cleanup first, bottom-up, so dialect steps never see zod's `{not:{}}` branches.
  schema = walkObject(schema, "", ctx, (node, path) => simplifyCombinators(node, path, ctx, false));
  schema = liftRootCombinators(schema, ctx, {
    dropRootAssertions: dialect === "openai" || dialect === "openai-strict",
  });
  return DIALECT_REPAIRS[dialect](schema, ctx);
}

function refDepth(value: number | undefined): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return DEFAULT_MAX_REF_DEPTH;
  return Math.min(32, Math.max(0, Math.floor(value)));
}

/** The input as an object schema; a missing schema means "no arguments", anything else non-object quarantines. */
function rootSchema(input: unknown, ctx: RepairContext): JsonObject {
  const tree = toJsonTree(input, ctx);
  if (isObject(tree)) return tree;
  if (input === undefined || tree === null || tree === true) {
    ctx.warn(
      "input-not-object",
      "",
      `input schema is ${canonicalText(tree ?? null)}; treated as a tool without arguments`,
    );
    return { type: "object" };
  }
  const kind = Array.isArray(tree) ? "an array" : tree === false ? "false" : `a ${typeof input}`;
  ctx.warn("input-not-object", "", `input schema is ${kind}, not a JSON Schema object`);
  return quarantine(`input schema is ${kind}, not a JSON Schema object`);
}
