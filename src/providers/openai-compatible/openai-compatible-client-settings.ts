/**
 * The options an OpenAI SDK client for a Chat Completions server (Ollama, vLLM, llama.cpp, LM Studio, gateways)
 * is made with. The base URL is required; the key is optional. Its own variables, `OPENAI_COMPATIBLE_BASE_URL`
 * and `OPENAI_COMPATIBLE_API_KEY`, keep an OpenAI key from being sent to another server by accident. Apart from
 * the SDK so the adapter can check them when it is made, while the SDK itself loads on the first call.
 */
import type { ClientOptions } from "openai";
import { SwitchboardError } from "../../errors.js";

export const OPENAI_COMPATIBLE_BASE_URL_VARIABLE = "OPENAI_COMPATIBLE_BASE_URL";
export const OPENAI_COMPATIBLE_API_KEY_VARIABLE = "OPENAI_COMPATIBLE_API_KEY";

export interface OpenAICompatibleClientOptions {
  /** e.g. `http://localhost:11434/v1` (Ollama), `http://localhost:8000/v1` (vLLM). */
  baseURL?: string;
  apiKey?: string;
  /** Where the variables are read from; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  fetch?: typeof fetch;
  maxRetries?: number;
}

/** Throws a `USAGE` error naming `OPENAI_COMPATIBLE_BASE_URL` when no base URL is given or set. */
export function openaiCompatibleClientSettings(options: OpenAICompatibleClientOptions = {}): ClientOptions {
  const env = options.env ?? process.env;
  const baseURL = options.baseURL ?? nonEmpty(env[OPENAI_COMPATIBLE_BASE_URL_VARIABLE]);
  if (baseURL === undefined) {
    throw new SwitchboardError(
      "USAGE",
      `${OPENAI_COMPATIBLE_BASE_URL_VARIABLE} is not set: an OpenAI-compatible server needs its base URL (e.g. http://localhost:11434/v1)`,
    );
  }
  const apiKey = options.apiKey ?? nonEmpty(env[OPENAI_COMPATIBLE_API_KEY_VARIABLE]);
  return {
    // The SDK insists on a credential; without a key, a placeholder whose header is then removed.
    apiKey: apiKey ?? "unused",
    baseURL,
    organization: null,
    project: null,
    ...(apiKey === undefined ? { defaultHeaders: { Authorization: null } } : {}),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}
