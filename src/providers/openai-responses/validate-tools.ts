import type { ProviderRequestError } from "../../spec/provider-error.js";
import { isRecord, type JsonRecord } from "../validation/json-values.js";
import { openaiSchemaProblem } from "../validation/openai-schema.js";
import {
  invalidType,
  missingParameter,
  nameError,
  schemaError,
  toolsArrayError,
  unknownParameter,
} from "../validation/openai-shape.js";

const FUNCTION_KEYS = new Set(["type", "name", "description", "parameters", "strict", "defer_loading"]);

/**
 * Validates a Responses API `tools` array. Function tools are flat (`{type:"function", name, parameters,
 * strict}`) and strict unless `strict: false` is sent (docs/provider-rules.md#openai-tools rule 7, regression #15). Built-in tool
 * types (`web_search`, `file_search`, `mcp`, …) are passed through unchecked.
 */
export function validateOpenAIResponsesTools(tools: unknown): ProviderRequestError[] {
  const arrayError = toolsArrayError(tools);
  if (!Array.isArray(tools)) return arrayError ? [arrayError] : [];
  const errors: ProviderRequestError[] = arrayError ? [arrayError] : [];
  const functions: Array<{ tool: JsonRecord; index: number }> = [];
  tools.forEach((tool, index) => {
    const shape = shapeError(tool, index);
    if (shape) errors.push(shape);
    else if (isRecord(tool) && tool.type === "function") functions.push({ tool, index });
  });
  for (const { tool, index } of functions) {
    if (!isRecord(tool.parameters)) continue;
    // Strict by default: only an explicit `false` opts out (null and absent are both "not set").
    const problem = openaiSchemaProblem(tool.parameters, tool.strict !== false);
    if (problem !== undefined)
      errors.push(schemaError(String(tool.name), problem, `tools[${index}].parameters`));
  }
  return errors;
}

function shapeError(tool: unknown, index: number): ProviderRequestError | undefined {
  const at = `tools[${index}]`;
  if (!isRecord(tool)) return invalidType(at, "an object", tool);
  if (tool.type === undefined) return missingParameter(`${at}.type`);
  if (typeof tool.type !== "string") return invalidType(`${at}.type`, "a string", tool.type);
  if (tool.type !== "function") return undefined;
  const extra = Object.keys(tool).find((key) => !FUNCTION_KEYS.has(key));
  if (extra !== undefined) return unknownParameter(`${at}.${extra}`);
  const name = nameError(tool.name, `${at}.name`);
  if (name) return name;
  if (tool.description !== undefined && tool.description !== null && typeof tool.description !== "string") {
    return invalidType(`${at}.description`, "a string", tool.description);
  }
  // The SDK types `parameters` as required-but-nullable; omitting it is [U] not observed.
  if (tool.parameters === undefined) return missingParameter(`${at}.parameters`);
  if (tool.parameters !== null && !isRecord(tool.parameters)) {
    return invalidType(`${at}.parameters`, "an object", tool.parameters);
  }
  if (tool.strict !== undefined && tool.strict !== null && typeof tool.strict !== "boolean") {
    return invalidType(`${at}.strict`, "a boolean", tool.strict);
  }
  return undefined;
}
