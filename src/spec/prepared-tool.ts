import type { JsonObject } from "./json.js";

/**
 * One tool after naming and schema repair, before it takes a provider's wire shape. The provider
 * `prepare-tools` functions are pure maps from a sorted list of these to the provider's `tools` array.
 */
export interface PreparedTool {
  /** The emitted (legal, unique) name from the name table. */
  name: string;
  description: string;
  /** Repaired and canonicalised input schema. */
  schema: JsonObject;
  /** Whether this tool is sent with `strict: true`. */
  strict: boolean;
  /** Gemini only: send no parameters at all (an empty root object is rejected there). */
  omitParameters?: boolean;
}

/** An Anthropic prompt-cache breakpoint, as a tool definition carries it. */
export type CacheControl = { type: "ephemeral"; ttl?: "5m" | "1h" };
