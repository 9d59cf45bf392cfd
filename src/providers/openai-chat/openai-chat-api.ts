/**
 * The OpenAI SDK client the Chat Completions adapter uses: the caller's own, or one made from explicit options
 * or the environment (`OPENAI_API_KEY`, `OPENAI_BASE_URL`, the SDK's standard variables). This module loads the
 * SDK: import it with `import()` where it is needed.
 */
import OpenAI from "openai";
import { type OpenAIClientOptions, openaiClientSettings } from "../openai-shared/openai-client-settings.js";

export {
  OPENAI_API_KEY_VARIABLE,
  OPENAI_BASE_URL_VARIABLE,
  type OpenAIClientOptions,
} from "../openai-shared/openai-client-settings.js";

/** Throws a `USAGE` error naming `OPENAI_API_KEY` when no key is given or set. */
export function createOpenAIClient(options: OpenAIClientOptions = {}): OpenAI {
  return new OpenAI(openaiClientSettings(options));
}
