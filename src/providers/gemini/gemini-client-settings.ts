/**
 * The options a `@google/genai` client is made with, from explicit options or the environment. The key comes
 * from `GEMINI_API_KEY` (else `GOOGLE_API_KEY`, which the SDK also reads). The SDK has no standard variable for
 * its endpoint, so switchboard reads `GEMINI_BASE_URL` and passes it as `httpOptions.baseUrl` (a proxy, a
 * gateway, or the project's emulator). Apart from the SDK so the adapter can check them when it is made, while
 * the SDK itself loads on the first call.
 */
import type { GoogleGenAIOptions } from "@google/genai";
import { SwitchboardError } from "../../errors.js";

export const GEMINI_API_KEY_VARIABLE = "GEMINI_API_KEY";
export const GOOGLE_API_KEY_VARIABLE = "GOOGLE_API_KEY";
export const GEMINI_BASE_URL_VARIABLE = "GEMINI_BASE_URL";

export interface GeminiClientOptions {
  apiKey?: string;
  baseUrl?: string;
  /** Where the variables are read from; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** A `fetch` for the SDK to use (proxies, tests, `--dry-run` capture). */
  fetch?: typeof fetch;
}

/** Throws a `USAGE` error naming `GEMINI_API_KEY` when no key is given or set. */
export function geminiClientSettings(options: GeminiClientOptions = {}): GoogleGenAIOptions {
  const env = options.env ?? process.env;
  const apiKey =
    options.apiKey ?? nonEmpty(env[GEMINI_API_KEY_VARIABLE]) ?? nonEmpty(env[GOOGLE_API_KEY_VARIABLE]);
  if (apiKey === undefined) {
    throw new SwitchboardError(
      "USAGE",
      `${GEMINI_API_KEY_VARIABLE} is not set (nor ${GOOGLE_API_KEY_VARIABLE}): export it, or pass apiKey or your own GoogleGenAI client`,
    );
  }
  const baseUrl = options.baseUrl ?? nonEmpty(env[GEMINI_BASE_URL_VARIABLE]);
  return {
    apiKey,
    // Explicit: GOOGLE_GENAI_USE_VERTEXAI in the environment would otherwise switch the backend silently.
    vertexai: false,
    httpOptions: {
      ...(baseUrl === undefined ? {} : { baseUrl }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    },
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}
