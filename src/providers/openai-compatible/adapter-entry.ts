import type { AdapterEntry } from "../provider-module.js";
import { adapterClientOptions } from "../shared/adapter-client-options.js";

/** `--provider openai-compatible`: a Chat Completions server of your own (no default model). */
export const openaiCompatibleAdapterEntry: AdapterEntry = {
  name: "openai-compatible",
  async create(options) {
    const { openaiCompatibleAdapter } = await import("./openai-compatible-adapter.js");
    const baseURL = options.baseUrl === undefined ? {} : { baseURL: options.baseUrl };
    // A captured dry run with no server configured still needs a URL to build the request against.
    const placeholder =
      options.fetch !== undefined && baseURL.baseURL === undefined && !options.env.OPENAI_COMPATIBLE_BASE_URL
        ? { baseURL: "http://localhost:11434/v1" }
        : {};
    return openaiCompatibleAdapter({
      model: options.model,
      clientOptions: { ...adapterClientOptions(options), ...placeholder, ...baseURL },
    });
  },
};
