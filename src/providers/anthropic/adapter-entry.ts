import type { AdapterEntry } from "../provider-module.js";
import { adapterClientOptions } from "../shared/adapter-client-options.js";

/** `--provider anthropic`: the Messages API adapter. */
export const anthropicAdapterEntry: AdapterEntry = {
  name: "anthropic",
  defaultModelFamily: "anthropic",
  async create(options) {
    const { anthropicAdapter } = await import("./anthropic-adapter.js");
    const baseURL = options.baseUrl === undefined ? {} : { baseURL: options.baseUrl };
    return anthropicAdapter({
      model: options.model,
      clientOptions: { ...adapterClientOptions(options), ...baseURL },
    });
  },
};
