import type { ModelModule } from "../provider-module.js";
import { FLAT_LAYOUT } from "../shared/flat-layout.js";
import { WEB_IMAGE_TYPES } from "../shared/media-types.js";
import { openaiChatAdapterEntry } from "./adapter-entry.js";
import { convertToolResults } from "./convert-tool-results.js";
import { openaiChatCountTokens } from "./count-tokens.js";
import { prepareOpenAIChatTools } from "./prepare-tools.js";
import { type OpenAIChatResponseLike, readToolCalls } from "./read-tool-calls.js";
import { renderOpenAIChat } from "./render-context.js";
import { validateOpenAIChatTools } from "./validate-tools.js";

/** The OpenAI Chat Completions wire format (OpenAI-compatible servers speak it too). */
export const openaiChatProvider: ModelModule<"openai-chat"> = {
  id: "openai-chat",
  family: "openai",
  layout: FLAT_LAYOUT,
  cacheBreakpoints: false,
  wireTool: (tool) => prepareOpenAIChatTools([tool])[0],
  validateTools: (tools) => validateOpenAIChatTools(tools),
  countTokens: openaiChatCountTokens,
  imageTypes: WEB_IMAGE_TYPES,
  readToolCalls: (response) => readToolCalls(response as OpenAIChatResponseLike),
  convertToolResults(calls, results) {
    const out = convertToolResults(calls, results);
    return { append: out.messages, warnings: out.warnings };
  },
  renderContext: renderOpenAIChat,
  // Nothing at import needs the validator: it is imported at the first check (issue 22 item 4).
  validateMessages: async (body) => (await import("./validate-messages.js")).validateOpenAIChatMessages(body),
  // The OpenAI-compatible adapter (same wire, other servers) is added by the registry.
  adapters: [openaiChatAdapterEntry],
};
