/**
 * The OpenAI SDK client for a server that speaks the Chat Completions dialect (Ollama, vLLM, llama.cpp, LM
 * Studio, gateways), from `OPENAI_COMPATIBLE_BASE_URL` and the optional `OPENAI_COMPATIBLE_API_KEY`. This module
 * loads the SDK: import it with `import()` where it is needed.
 */
import OpenAI from "openai";
import {
  type OpenAICompatibleClientOptions,
  openaiCompatibleClientSettings,
} from "./openai-compatible-client-settings.js";

export {
  OPENAI_COMPATIBLE_API_KEY_VARIABLE,
  OPENAI_COMPATIBLE_BASE_URL_VARIABLE,
  type OpenAICompatibleClientOptions,
} from "./openai-compatible-client-settings.js";

/** Throws a `USAGE` error naming `OPENAI_COMPATIBLE_BASE_URL` when no base URL is given or set. */
export function createOpenAICompatibleClient(options: OpenAICompatibleClientOptions = {}): OpenAI {
  return new OpenAI(openaiCompatibleClientSettings(options));
}
