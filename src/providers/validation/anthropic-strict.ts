import { anthropicStrictFormats, anthropicStrictUnsupported } from "../rules/anthropic.js";
import { resolveLocalRef } from "./json-pointer.js";
import { hasOwn, isRecord, type JsonRecord, schemaTypes } from "./json-values.js";
import { childSchemas, walkSchema } from "./schema-walk.js";

/** The validator counts a request's strict budgets with the same function prepare-tools uses. */
export { type StrictBudget, strictBudget } from "../../schema/index.js";

/**
 * Anthropic's grammar compiler behind `strict: true` (docs/provider-rules.md#anthropic-strict). The observed message form is
 * `tools.25.custom: For 'integer' type, properties maximum, minimum are not supported` [O earendil-works/pi#9953]
 * and `For 'integer' type, property 'minimum' is not supported` [O agentjido/req_llm#302]; this returns the part
 * after `tools.N.custom: ` for the first problem found, root first.
 */
export function anthropicStrictProblem(schema: JsonRecord): string | undefined {
  for (const { node } of walkSchema(schema)) {
    const problem = nodeProblem(node);
    if (problem !== undefined) return problem;
  }
  if (isRecursive(schema)) return "Recursive schemas are not supported"; // [U] not observed
  return undefined;
}

function nodeProblem(node: JsonRecord): string | undefined {
  const ref = node.$ref;
  if (typeof ref === "string" && !ref.startsWith("#")) return `External $ref '${ref}' is not supported`; // [U]
  if (Array.isArray(node.allOf) && node.allOf.some((branch) => isRecord(branch) && hasOwn(branch, "$ref"))) {
    return "allOf with $ref is not supported"; // [U] not observed; the docs say allOf works except with $ref
  }
  const types = schemaTypes(node).filter((t) => t !== "null");
  if (types.includes("object") && node.additionalProperties !== false) {
    return "For 'object' type, 'additionalProperties' must be explicitly set to false"; // [U] not observed
  }
  for (const type of types) {
    const unsupported = (anthropicStrictUnsupported.byType[type] ?? []).filter((key) => hasOwn(node, key));
    if (
      type === "array" &&
      typeof node.minItems === "number" &&
      node.minItems > anthropicStrictUnsupported.maxMinItems
    ) {
      unsupported.push("minItems");
    }
    if (unsupported.length === 1) return `For '${type}' type, property '${unsupported[0]}' is not supported`;
    if (unsupported.length > 1) {
      return `For '${type}' type, properties ${unsupported.sort().join(", ")} are not supported`;
    }
  }
  const format = node.format;
  if (typeof format === "string" && !(anthropicStrictFormats.values as readonly string[]).includes(format)) {
    return `For 'string' type, format '${format}' is not supported`; // [U] not observed
  }
  if (Array.isArray(node.enum) && node.enum.some((value) => value !== null && typeof value === "object")) {
    return "Enum values must be strings, numbers, booleans or null"; // [U] not observed
  }
  return undefined;
}

/** True when following local `$ref`s from the root can come back to a schema still being expanded. */
function isRecursive(root: JsonRecord): boolean {
  const onPath = new Set<JsonRecord>();
  const done = new Set<JsonRecord>();
  const visit = (node: JsonRecord): boolean => {
    if (onPath.has(node)) return true;
    if (done.has(node)) return false;
    onPath.add(node);
    const next = childSchemas(node, []).map((child) => child.node);
    if (typeof node.$ref === "string") {
      const target = resolveLocalRef(root, node.$ref);
      if (target.kind === "local" && isRecord(target.value)) next.push(target.value);
    }
    const found = next.some(visit);
    onPath.delete(node);
    done.add(node);
    return found;
  };
  return visit(root);
}
