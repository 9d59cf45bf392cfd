import type { ModelModule } from "../provider-module.js";
import { FLAT_LAYOUT } from "../shared/flat-layout.js";
import { WEB_IMAGE_TYPES } from "../shared/media-types.js";
import { anthropicAdapterEntry } from "./adapter-entry.js";
import { convertToolResults } from "./convert-tool-results.js";
import { anthropicCountTokens } from "./count-tokens.js";
import { prepareAnthropicTools } from "./prepare-tools.js";
import { type AnthropicResponseLike, readToolCalls } from "./read-tool-calls.js";
import { renderAnthropic } from "./render-context.js";
import { validateAnthropicTools } from "./validate-tools.js";

/** The Anthropic Messages wire format. */
export const anthropicProvider: ModelModule<"anthropic"> = {
  id: "anthropic",
  family: "anthropic",
  layout: FLAT_LAYOUT,
  cacheBreakpoints: true,
  wireTool: (tool, { cacheControl }) =>
    prepareAnthropicTools([tool], cacheControl === undefined ? {} : { cacheControl })[0],
  validateTools: (tools) => validateAnthropicTools(tools),
  countTokens: anthropicCountTokens,
  imageTypes: WEB_IMAGE_TYPES,
  readToolCalls: (response) => readToolCalls(response as AnthropicResponseLike),
  convertToolResults(calls, results) {
    const out = convertToolResults(calls, results);
    return { append: [out.message], warnings: out.warnings };
  },
  renderContext: renderAnthropic,
  // Nothing at import needs the validator: it is imported at the first check (issue 22 item 4).
  validateMessages: async (body) => (await import("./validate-messages.js")).validateAnthropicMessages(body),
  adapters: [anthropicAdapterEntry],
};
