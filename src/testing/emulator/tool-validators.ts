/**
 * The single import point for the tool-definition validators (src/providers/validation), so the emulator's
 * dependency on them is visible in one place.
 */
export {
  validateAnthropicTools,
  validateGeminiTools,
  validateOpenAIChatTools,
  validateOpenAIResponsesTools,
} from "../../providers/validation/index.js";
