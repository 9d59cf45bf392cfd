/**
 * The options an Anthropic SDK client is made with, from explicit options or the environment
 * (`ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`). Apart from the SDK so the adapter can check them when it is made,
 * while the SDK itself loads on the first call.
 */
import type { ClientOptions } from "@anthropic-ai/sdk";
import { SwitchboardError } from "../../errors.js";

export const ANTHROPIC_API_KEY_VARIABLE = "ANTHROPIC_API_KEY";
export const ANTHROPIC_BASE_URL_VARIABLE = "ANTHROPIC_BASE_URL";

export interface AnthropicClientOptions {
  apiKey?: string;
  baseURL?: string;
  /** Where the variables are read from; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** A `fetch` for the SDK to use (proxies, tests, `--dry-run` capture). */
  fetch?: typeof fetch;
  /** SDK retries on 429/5xx/connection errors; the SDK's default (2) when absent. */
  maxRetries?: number;
}

/** Throws a `USAGE` error naming `ANTHROPIC_API_KEY` when no key is given or set. */
export function anthropicClientSettings(options: AnthropicClientOptions = {}): ClientOptions {
  const env = options.env ?? process.env;
  const apiKey = options.apiKey ?? nonEmpty(env[ANTHROPIC_API_KEY_VARIABLE]);
  if (apiKey === undefined) {
    throw new SwitchboardError(
      "USAGE",
      `${ANTHROPIC_API_KEY_VARIABLE} is not set: export it, or pass apiKey or your own Anthropic client`,
    );
  }
  return {
    apiKey,
    // null, not undefined: the SDK would otherwise read process.env itself, past a caller-supplied env.
    baseURL: options.baseURL ?? nonEmpty(env[ANTHROPIC_BASE_URL_VARIABLE]) ?? null,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}
