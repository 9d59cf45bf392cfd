/**
 * The Anthropic SDK client an adapter uses: the caller's own, or one made from explicit options or the
 * environment (`ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`, the SDK's standard variables). This module loads the
 * SDK: import it with `import()` where it is needed.
 */
import Anthropic from "@anthropic-ai/sdk";
import { type AnthropicClientOptions, anthropicClientSettings } from "./anthropic-client-settings.js";

export {
  ANTHROPIC_API_KEY_VARIABLE,
  ANTHROPIC_BASE_URL_VARIABLE,
  type AnthropicClientOptions,
} from "./anthropic-client-settings.js";

/** Throws a `USAGE` error naming `ANTHROPIC_API_KEY` when no key is given or set. */
export function createAnthropicClient(options: AnthropicClientOptions = {}): Anthropic {
  return new Anthropic(anthropicClientSettings(options));
}
