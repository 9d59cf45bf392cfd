/**
 * One catalogue tool translated for one target, with the costly parts remembered: the repaired, canonical schema
 * (repair is most of a build's time), its strict-budget cost, its non-strict fallback, and the canonical bytes
 * of its last wire definition. `ToolTranslationCache` keeps these across builds so a
 * `list_changed` re-translates only the tools that changed; a build without a cache makes them fresh, through
 * the same code, so both paths give the same bytes.
 */
import { providerModule } from "../providers/registry.js";
import type { Target } from "../providers/targets.js";
import { strictBudget } from "../schema/index.js";
import type { JsonObject } from "../spec/json.js";
import type { CacheControl, PreparedTool } from "../spec/prepared-tool.js";
import type { ServerTool } from "../spec/tool.js";
import type { TranslationWarning } from "../spec/warning.js";
import { canonicalSchema } from "./canonical-schema.js";
import { type RepairedTool, repairTool } from "./repair-tool.js";
import { SchemaInterner } from "./schema-interner.js";

export type { CacheControl };

/**
 * A tool's own wire definition and its canonical bytes (its share of the array's bytes), when the last build's
 * bytes still hold; undefined when they must be made (by the build, with the rest of the array's).
 */
export interface WireTool {
  wire: unknown;
  json: string | undefined;
}

/** What a tool's bytes depend on besides the tool itself. */
interface BytesKey {
  name: string;
  strict: boolean;
  demoted: boolean;
  cacheControl: CacheControl | undefined;
}

export class TranslatedTool {
  readonly item: ServerTool;
  readonly target: Target;
  /** `repairTool`'s result, its schema already canonical. */
  readonly repaired: RepairedTool;
  #budget: { optionalParams: number; unionParams: number } | undefined;
  #demoted: { schema: JsonObject } | null | undefined;
  /** The bytes of the last definition made, and what they depend on besides the tool itself. */
  #last: (BytesKey & { json: string }) | undefined;
  /** What the definition `wire` made last depends on: its bytes, once made, are kept under it (`keepBytes`). */
  #made: BytesKey | undefined;

  constructor(item: ServerTool, target: Target) {
    this.item = item;
    this.target = target;
    const result = repairTool(item.tool, target);
    this.repaired = result.ok ? { ...result, schema: frozenCanonical(result.schema) } : result;
  }

  /** What the (canonical) repaired schema costs against Anthropic's per-request strict caps. */
  budget(): { optionalParams: number; unionParams: number } {
    if (!this.repaired.ok) return { optionalParams: 0, unionParams: 0 };
    this.#budget ??= strictBudget(this.repaired.schema);
    return this.#budget;
  }

  /** The schema repaired for the target's non-strict fallback dialect (used when the strict budget runs out). */
  demoted(): { schema: JsonObject } | undefined {
    if (this.#demoted === undefined) {
      const target = this.target;
      const fallback = repairTool(this.item.tool, {
        ...target,
        profile: { ...target.profile, strict: false, dialect: target.nonStrictFallback ?? "anthropic" },
      });
      this.#demoted = fallback.ok ? { schema: frozenCanonical(fallback.schema) } : null;
    }
    return this.#demoted ?? undefined;
  }

  /**
   * The wire definition for this tool under `name`, and its bytes if the last build's still hold. The bytes are
   * remembered for the last (name, strictness, breakpoint) they were made with: across builds those rarely change.
   */
  wire(tool: PreparedTool, demoted: boolean, cacheControl: CacheControl | undefined): WireTool {
    // The definition object is new for every build (cheap, and SDKs such as @google/genai rewrite fields of the
    // definitions they are given in place); its schema is the cached, frozen one and its bytes are reused.
    const wire = wireOne(tool, this.item, this.target, cacheControl);
    const last = this.#last;
    if (
      last !== undefined &&
      last.name === tool.name &&
      last.strict === tool.strict &&
      last.demoted === demoted &&
      sameCacheControl(last.cacheControl, cacheControl)
    ) {
      // A re-list that changed nothing: no new record, the bytes kept are handed back.
      this.#made = last;
      return { wire, json: last.json };
    }
    this.#made = { name: tool.name, strict: tool.strict, demoted, cacheControl };
    return { wire, json: undefined };
  }

  /**
   * Keeps `json` (the bytes of the definition `wire` made last, as a slice of the array's bytes) for the next
   * build: held once, in the array's bytes, and handed back while the definition stays the same.
   */
  keepBytes(json: string): void {
    const made = this.#made;
    if (made === undefined) return;
    if (made === this.#last) (made as BytesKey & { json: string }).json = json;
    else this.#last = { ...made, json };
    this.#made = undefined;
  }
}

function sameCacheControl(a: CacheControl | undefined, b: CacheControl | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.type === b.type && a.ttl === b.ttl);
}

/**
 * Canonical and frozen: the schema object is shared by every build that reuses this translation, so an edit by a
 * caller would silently change later arrays without changing their bytes; frozen, it fails loudly instead.
 */
function frozenCanonical(schema: JsonObject): JsonObject {
  return canonicalSchema(schema, {
    freeze: true,
    ...(batch === undefined ? {} : { intern: batch }),
  }) as JsonObject;
}

/** The interner of the batch of translations being made now (`translatingBatch`), if any. */
let batch: SchemaInterner | undefined;

/**
 * Runs `work` (which makes the translations of one listing or build) with one interner: the frozen schemas made
 * meanwhile share their equal subtrees, so a toolset holds each distinct subschema once, not once per tool.
 */
export function translatingBatch<T>(work: () => T): T {
  if (batch !== undefined) return work();
  batch = new SchemaInterner();
  try {
    return work();
  } finally {
    batch = undefined;
  }
}

/** Why a tool was demoted, as the warning its entry carries. */
export function strictFallbackWarning(why: string): TranslationWarning {
  return { code: "strict-fallback", path: "", message: `sent with strict: false because ${why}` };
}

/** One tool through the target's provider module (each maps tools independently of each other). */
function wireOne(
  tool: PreparedTool,
  source: ServerTool,
  target: Target,
  cacheControl: CacheControl | undefined,
): unknown {
  return providerModule(target.wire).wireTool(tool, {
    target,
    source: source.tool,
    ...(cacheControl === undefined ? {} : { cacheControl }),
  });
}
