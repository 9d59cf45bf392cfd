/**
 * The OpenAI SDK client the Responses adapter uses: the caller's own, or one made from explicit options or the
 * environment (`OPENAI_API_KEY`, `OPENAI_BASE_URL`, the SDK's standard variables). This module loads the SDK:
 * import it with `import()` where it is needed.
 */
import OpenAI from "openai";
import { type OpenAIClientOptions, openaiClientSettings } from "../openai-shared/openai-client-settings.js";

export {
  OPENAI_API_KEY_VARIABLE,
  OPENAI_BASE_URL_VARIABLE,
} from "../openai-shared/openai-client-settings.js";

/** The same options as the Chat Completions client's. */
export type OpenAIResponsesClientOptions = OpenAIClientOptions;

/** Throws a `USAGE` error naming `OPENAI_API_KEY` when no key is given or set. */
export function createOpenAIResponsesClient(options: OpenAIResponsesClientOptions = {}): OpenAI {
  return new OpenAI(openaiClientSettings(options));
}
