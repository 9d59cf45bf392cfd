import type { AdapterCreateOptions } from "../provider-module.js";

/** The SDK client options an adapter entry passes on: the env, and a replaced network with retries off. */
export function adapterClientOptions(options: AdapterCreateOptions): {
  env: Readonly<Record<string, string | undefined>>;
  fetch?: typeof fetch;
  maxRetries?: number;
} {
  return {
    env: options.env,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch, maxRetries: 0 }),
  };
}
