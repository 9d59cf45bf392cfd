import type { AdapterEntry } from "../provider-module.js";
import { adapterClientOptions } from "../shared/adapter-client-options.js";

/** `--provider openai-chat`: the Chat Completions adapter. */
export const openaiChatAdapterEntry: AdapterEntry = {
  name: "openai-chat",
  defaultModelFamily: "openai",
  async create(options) {
    const { openaiChatAdapter } = await import("./openai-chat-adapter.js");
    const baseURL = options.baseUrl === undefined ? {} : { baseURL: options.baseUrl };
    return openaiChatAdapter({
      model: options.model,
      clientOptions: { ...adapterClientOptions(options), ...baseURL },
    });
  },
};
