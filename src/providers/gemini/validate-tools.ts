import type { ProviderRequestError } from "../../spec/provider-error.js";
import { PROFILES } from "../profiles.js";
import { geminiJsonSchemaProblem } from "../validation/gemini-json-schema-rules.js";
import { geminiSchemaRuleLines } from "../validation/gemini-openapi-rules.js";
import { geminiParseErrors } from "../validation/gemini-parse.js";
import { isRecord, type JsonRecord } from "../validation/json-values.js";
import { geminiError } from "../validation/provider-errors.js";

export interface GeminiToolValidationOptions {
  /** The name rule's bound: 128 today, 64 in 2025 docs, 63 before (docs/provider-rules.md#gemini-declarations rule 1). Defaults to the profile. */
  nameMaxLength?: 63 | 64 | 128;
}

interface Declaration {
  decl: JsonRecord;
  path: string;
}

/**
 * Validates a generateContent `tools` array (`[{functionDeclarations:[…]}]`) in Gemini's order of gates:
 * proto parsing (unknown keys, wrong shapes), proto limits (≤512 declarations), then the `Schema` rules and
 * names, then `parametersJsonSchema` references. Each gate that fails yields one error carrying all of its
 * lines the way Gemini joins them; the emulator sends the first.
 */
export function validateGeminiTools(
  tools: unknown,
  options: GeminiToolValidationOptions = {},
): ProviderRequestError[] {
  const errors: ProviderRequestError[] = [];
  const parse = geminiParseErrors(tools);
  if (parse.length > 0) errors.push(geminiError(parse.join("\n")));
  const declarations = collectDeclarations(tools);
  const limit = limitLines(tools);
  if (limit.length > 0)
    errors.push(geminiError(`The GenerateContentRequest proto is invalid:\n${limit.join("\n")}`));
  const rules = ruleLines(declarations, options);
  // Each line reads `* GenerateContentRequest.<path>: <text>` and ends with a newline [O agno-agi/agno#2112].
  if (rules.length > 0)
    errors.push(geminiError(rules.map((line) => `* GenerateContentRequest.${line}\n`).join("")));
  for (const { decl } of declarations) {
    const schema = decl.parametersJsonSchema ?? decl.parameters_json_schema;
    const problem = isRecord(schema) ? geminiJsonSchemaProblem(schema) : undefined;
    if (problem !== undefined) {
      errors.push(geminiError(problem));
      break; // the observed message names no declaration: only one can be reported
    }
  }
  return errors;
}

function collectDeclarations(tools: unknown): Declaration[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool, i) => {
    const list = isRecord(tool) ? (tool.functionDeclarations ?? tool.function_declarations) : undefined;
    if (!Array.isArray(list)) return [];
    return list.flatMap((decl, j) =>
      isRecord(decl) ? [{ decl, path: `tools[${i}].function_declarations[${j}]` }] : [],
    );
  });
}

/** [O] google-gemini/gemini-cli#19083. Counted per tool entry, as the observed path says; a total cap is [U]. */
function limitLines(tools: unknown): string[] {
  if (!Array.isArray(tools)) return [];
  const max = PROFILES.gemini.maxTools?.count ?? Number.POSITIVE_INFINITY;
  return tools.flatMap((tool, i) => {
    const list = isRecord(tool) ? (tool.functionDeclarations ?? tool.function_declarations) : undefined;
    return Array.isArray(list) && list.length > max
      ? [
          `  * tools[${i}].function_declarations: [FIELD_INVALID] At most ${max} function declarations can be specified.`,
        ]
      : [];
  });
}

function ruleLines(declarations: readonly Declaration[], options: GeminiToolValidationOptions): string[] {
  const rule = PROFILES.gemini.name;
  const max = options.nameMaxLength ?? rule.maxLength;
  const pattern = new RegExp(
    `^[${rule.firstChars ?? rule.allowedChars}][${rule.allowedChars}]{0,${max - 1}}$`,
  );
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const { decl, path } of declarations) {
    const name = decl.name;
    if (typeof name !== "string" || !pattern.test(name)) {
      // [O] CherryHQ/cherry-studio#4087 (observed with 64; colons are allowed by the current docs but not named)
      lines.push(
        `${path}.name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.) or dashes (-), with a maximum length of ${max}.`,
      );
    } else if (seen.has(name)) {
      lines.push(`${path}.name: duplicate function name '${name}'`); // [U] not observed (js-genai rejects client-side)
    } else {
      seen.add(name);
    }
    const jsonSchema = decl.parametersJsonSchema ?? decl.parameters_json_schema;
    const hasParameters = decl.parameters !== undefined && decl.parameters !== null;
    if (hasParameters && jsonSchema !== undefined && jsonSchema !== null) {
      // [U] not observed: the docs call the two fields mutually exclusive (docs/provider-rules.md#gemini-declarations rule 3).
      lines.push(`${path}.parameters_json_schema: cannot be set together with parameters`);
    }
    if (isRecord(decl.parameters))
      lines.push(...geminiSchemaRuleLines(decl.parameters, `${path}.parameters`));
  }
  return lines;
}
