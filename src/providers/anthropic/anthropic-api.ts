/**
 * The Anthropic SDK client an adapter uses: the caller's own, or one made from explicit options or the
 * environment (`ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`, the SDK's standard variables).
 */
import Anthropic from "@anthropic-ai/sdk";
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
export function createAnthropicClient(options: AnthropicClientOptions = {}): Anthropic {
  const env = options.env ?? process.env;
  const apiKey = options.apiKey ?? nonEmpty(env[ANTHROPIC_API_KEY_VARIABLE]);
  if (apiKey === undefined) {
    throw new SwitchboardError(
      "USAGE",
      `${ANTHROPIC_API_KEY_VARIABLE} is not set: export it, or pass apiKey or your own Anthropic client`,
    );
  }
  return new Anthropic({
    apiKey,
    // null, not undefined: the SDK would otherwise read process.env itself, past a caller-supplied env.
    baseURL: options.baseURL ?? nonEmpty(env[ANTHROPIC_BASE_URL_VARIABLE]) ?? null,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
  });
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}
