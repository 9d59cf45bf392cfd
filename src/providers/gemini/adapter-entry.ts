import type { AdapterEntry } from "../provider-module.js";
import { adapterClientOptions } from "../shared/adapter-client-options.js";

/** `--provider gemini`: the Gemini API adapter. */
export const geminiAdapterEntry: AdapterEntry = {
  name: "gemini",
  defaultModelFamily: "gemini",
  async create(options) {
    const { geminiAdapter } = await import("./gemini-adapter.js");
    const baseUrl = options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl };
    return geminiAdapter({
      model: options.model,
      clientOptions: { ...adapterClientOptions(options), ...baseUrl },
    });
  },
};
