import type { JsonObject } from "../../spec/json.js";
import type { PreparedTool } from "../../spec/prepared-tool.js";

export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  parameters?: JsonObject;
  parametersJsonSchema?: JsonObject;
}

/** Gemini `tools`: one `Tool` holding every function declaration. */
export type GeminiTools = [{ functionDeclarations: GeminiFunctionDeclaration[] }] | [];

export function prepareGeminiTools(
  tools: readonly PreparedTool[],
  field: "parameters" | "parametersJsonSchema",
): GeminiTools {
  if (tools.length === 0) return [];
  const declarations = tools.map((tool) => {
    const out: GeminiFunctionDeclaration = {
      name: tool.name,
      ...(tool.description === "" ? {} : { description: tool.description }),
      ...(tool.omitParameters === true ? {} : { [field]: tool.schema }),
    };
    return out;
  });
  return [{ functionDeclarations: declarations }];
}
