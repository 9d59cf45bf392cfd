/**
 * The `@google/genai` client the Gemini adapter uses: the caller's own, or one made from explicit options or the
 * environment (`GEMINI_API_KEY`, else `GOOGLE_API_KEY`; `GEMINI_BASE_URL`). This module loads the SDK: import it
 * with `import()` where it is needed.
 */
import { GoogleGenAI } from "@google/genai";
import { type GeminiClientOptions, geminiClientSettings } from "./gemini-client-settings.js";

export {
  GEMINI_API_KEY_VARIABLE,
  GEMINI_BASE_URL_VARIABLE,
  type GeminiClientOptions,
  GOOGLE_API_KEY_VARIABLE,
} from "./gemini-client-settings.js";

/** Throws a `USAGE` error naming `GEMINI_API_KEY` when no key is given or set. */
export function createGeminiClient(options: GeminiClientOptions = {}): GoogleGenAI {
  return new GoogleGenAI(geminiClientSettings(options));
}
