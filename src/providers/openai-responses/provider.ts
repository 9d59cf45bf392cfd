import type { ModelModule } from "../provider-module.js";
import { FLAT_LAYOUT } from "../shared/flat-layout.js";
import { WEB_IMAGE_TYPES } from "../shared/media-types.js";
import { openaiResponsesAdapterEntry } from "./adapter-entry.js";
import { convertToolResults } from "./convert-tool-results.js";
import { openaiResponsesCountTokens } from "./count-tokens.js";
import { prepareOpenAIResponsesTools } from "./prepare-tools.js";
import { type OpenAIResponsesResponseLike, readToolCalls } from "./read-tool-calls.js";
import { renderOpenAIResponses } from "./render-context.js";
import { validateOpenAIResponsesTools } from "./validate-tools.js";

/** The OpenAI Responses wire format. */
export const openaiResponsesProvider: ModelModule<"openai-responses"> = {
  id: "openai-responses",
  family: "openai",
  layout: FLAT_LAYOUT,
  cacheBreakpoints: false,
  wireTool: (tool) => prepareOpenAIResponsesTools([tool])[0],
  validateTools: (tools) => validateOpenAIResponsesTools(tools),
  countTokens: openaiResponsesCountTokens,
  imageTypes: WEB_IMAGE_TYPES,
  readToolCalls: (response) => readToolCalls(response as OpenAIResponsesResponseLike),
  convertToolResults(calls, results) {
    const out = convertToolResults(calls, results);
    return { append: out.items, warnings: out.warnings };
  },
  renderContext: renderOpenAIResponses,
  // Nothing at import needs the validator: it is imported at the first check (issue 22 item 4).
  validateMessages: async (body) =>
    (await import("./validate-messages.js")).validateOpenAIResponsesMessages(body),
  adapters: [openaiResponsesAdapterEntry("openai"), openaiResponsesAdapterEntry("openai-responses")],
};
