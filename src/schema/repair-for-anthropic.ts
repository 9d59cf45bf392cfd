import type { JsonObject } from "../spec/json.js";

/**
 * Anthropic `input_schema` without strict: any valid JSON Schema 2020-12 with an object root and no root
 * combinator. The shared steps (refs inlined, values normalised to 2020-12, root lifted) already give
 * exactly that, so nothing else changes: unknown keywords and `x-*` are valid 2020-12 annotations.
 * The strict dialect is `repairStrict` with `ANTHROPIC_STRICT`.
 */
export function repairForAnthropic(root: JsonObject): JsonObject {
  return root;
}
