/** The strict provider validators for tool definitions, used by the provider emulator and `switchboard check`. */
export {
  type AnthropicToolValidationOptions,
  countToolCacheBreakpoints,
  validateAnthropicTools,
} from "../anthropic/validate-tools.js";
export { type GeminiToolValidationOptions, validateGeminiTools } from "../gemini/validate-tools.js";
export { validateOpenAIChatTools } from "../openai-chat/validate-tools.js";
export { validateOpenAIResponsesTools } from "../openai-responses/validate-tools.js";
export { type RegressionTarget, type ToolRegressionCase, toolRegressionCases } from "./regression-cases.js";
