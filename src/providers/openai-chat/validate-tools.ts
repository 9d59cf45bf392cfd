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
import { openaiError } from "../validation/provider-errors.js";

const TOOL_KEYS = new Set(["type", "function"]);
const FUNCTION_KEYS = new Set(["name", "description", "parameters", "strict"]);

/**
 * Validates a Chat Completions `tools` array (wire shape `{type:"function", function:{…}}`) the way the API
 * does: request-shape errors for every tool first, then each function's schema (docs/provider-rules.md#openai-tools, #openai-strict).
 * Returns the errors in report order; [] when the array is accepted.
 */
export function validateOpenAIChatTools(tools: unknown): ProviderRequestError[] {
  const arrayError = toolsArrayError(tools);
  if (!Array.isArray(tools)) return arrayError ? [arrayError] : [];
  const errors: ProviderRequestError[] = arrayError ? [arrayError] : [];
  const functions: Array<{ fn: JsonRecord; index: number }> = [];
  tools.forEach((tool, index) => {
    const shape = shapeError(tool, index);
    if (shape) errors.push(shape);
    else if (isRecord(tool) && tool.type === "function" && isRecord(tool.function)) {
      functions.push({ fn: tool.function, index });
    }
  });
  for (const { fn, index } of functions) {
    // Omitted parameters mean an empty parameter list [D OAI-SDK FunctionDefinition].
    if (!isRecord(fn.parameters)) continue;
    const problem = openaiSchemaProblem(fn.parameters, fn.strict === true);
    if (problem !== undefined) {
      errors.push(schemaError(String(fn.name), problem, `tools[${index}].function.parameters`));
    }
  }
  return errors;
}

function shapeError(tool: unknown, index: number): ProviderRequestError | undefined {
  const at = `tools[${index}]`;
  if (!isRecord(tool)) return invalidType(at, "an object", tool);
  if (tool.type === undefined) return missingParameter(`${at}.type`);
  if (tool.type === "custom") return undefined; // grammar/free-form custom tools carry no JSON schema
  if (tool.type !== "function") {
    // [U] not observed: OpenAI's enum wording.
    return openaiError(
      `Invalid value: ${JSON.stringify(tool.type)}. Supported values are: 'function' and 'custom'.`,
      `${at}.type`,
      "invalid_value",
    );
  }
  const extraTool = Object.keys(tool).find((key) => !TOOL_KEYS.has(key));
  if (extraTool !== undefined) return unknownParameter(`${at}.${extraTool}`);
  const fn = tool.function;
  if (fn === undefined) return missingParameter(`${at}.function`);
  if (!isRecord(fn)) return invalidType(`${at}.function`, "an object", fn);
  const extra = Object.keys(fn).find((key) => !FUNCTION_KEYS.has(key));
  if (extra !== undefined) return unknownParameter(`${at}.function.${extra}`);
  const name = nameError(fn.name, `${at}.function.name`);
  if (name) return name;
  if (fn.description !== undefined && typeof fn.description !== "string") {
    return invalidType(`${at}.function.description`, "a string", fn.description);
  }
  if (fn.parameters !== undefined && fn.parameters !== null && !isRecord(fn.parameters)) {
    return invalidType(`${at}.function.parameters`, "an object", fn.parameters);
  }
  if (fn.strict !== undefined && fn.strict !== null && typeof fn.strict !== "boolean") {
    return invalidType(`${at}.function.strict`, "a boolean", fn.strict);
  }
  return undefined;
}
