import type { ModelModule } from "../provider-module.js";
import { GEMINI_IMAGE_TYPES } from "../shared/media-types.js";
import { geminiAdapterEntry } from "./adapter-entry.js";
import { convertToolResults } from "./convert-tool-results.js";
import { geminiCountTokens } from "./count-tokens.js";
import { GEMINI_LAYOUT } from "./layout.js";
import { prepareGeminiTools } from "./prepare-tools.js";
import { type GeminiResponseLike, readToolCalls } from "./read-tool-calls.js";
import { renderGemini } from "./render-context.js";
import { validateGeminiTools } from "./validate-tools.js";

/** The Gemini API wire format. */
export const geminiProvider: ModelModule<"gemini"> = {
  id: "gemini",
  family: "gemini",
  layout: GEMINI_LAYOUT,
  cacheBreakpoints: false,
  wireTool(tool, { target }) {
    const [wrapper] = prepareGeminiTools([tool], target.geminiField ?? "parameters");
    return wrapper?.functionDeclarations[0];
  },
  validateTools: (tools) => validateGeminiTools(tools),
  countTokens: geminiCountTokens,
  imageTypes: GEMINI_IMAGE_TYPES,
  readToolCalls: (response) => readToolCalls(response as GeminiResponseLike),
  convertToolResults(calls, results, options) {
    const out = convertToolResults(calls, results, options?.gemini);
    return { append: [out.content], warnings: out.warnings };
  },
  renderContext: renderGemini,
  // Nothing at import needs the validator: it is imported at the first check (issue 22 item 4).
  validateMessages: async (body) => (await import("./validate-messages.js")).validateGeminiMessages(body),
  adapters: [geminiAdapterEntry],
};
