/**
 * The options an OpenAI SDK client is made with, from explicit options or the environment (`OPENAI_API_KEY`,
 * `OPENAI_BASE_URL`): the Chat Completions and Responses adapters share them. Apart from the SDK so an adapter can
 * check them when it is made, while the SDK itself loads on the first call.
 */
import type { ClientOptions } from "openai";
import { SwitchboardError } from "../../errors.js";

export const OPENAI_API_KEY_VARIABLE = "OPENAI_API_KEY";
export const OPENAI_BASE_URL_VARIABLE = "OPENAI_BASE_URL";

export interface OpenAIClientOptions {
  apiKey?: string;
  baseURL?: string;
  /** Where the variables are read from; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** A `fetch` for the SDK to use (proxies, tests, `--dry-run` capture). */
  fetch?: typeof fetch;
  /** SDK retries on 429/5xx/connection errors; the SDK's default (2) when absent. */
  maxRetries?: number;
}

/** Throws a `USAGE` error naming `OPENAI_API_KEY` when no key is given or set. */
export function openaiClientSettings(options: OpenAIClientOptions = {}): ClientOptions {
  const env = options.env ?? process.env;
  const apiKey = options.apiKey ?? nonEmpty(env[OPENAI_API_KEY_VARIABLE]);
  if (apiKey === undefined) {
    throw new SwitchboardError(
      "USAGE",
      `${OPENAI_API_KEY_VARIABLE} is not set: export it, or pass apiKey or your own OpenAI client`,
    );
  }
  return {
    apiKey,
    // null, not undefined: the SDK would otherwise read process.env itself, past a caller-supplied env.
    baseURL: options.baseURL ?? nonEmpty(env[OPENAI_BASE_URL_VARIABLE]) ?? null,
    organization: null,
    project: null,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}
