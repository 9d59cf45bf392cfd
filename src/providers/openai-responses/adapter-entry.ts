import type { AdapterEntry } from "../provider-module.js";
import { adapterClientOptions } from "../shared/adapter-client-options.js";

/** `--provider openai-responses` (and `openai`, its default name): the Responses API adapter. */
export function openaiResponsesAdapterEntry(name: "openai" | "openai-responses"): AdapterEntry {
  return {
    name,
    defaultModelFamily: "openai",
    async create(options) {
      const { openaiResponsesAdapter } = await import("./openai-responses-adapter.js");
      const baseURL = options.baseUrl === undefined ? {} : { baseURL: options.baseUrl };
      return openaiResponsesAdapter({
        model: options.model,
        clientOptions: { ...adapterClientOptions(options), ...baseURL },
      });
    },
  };
}
