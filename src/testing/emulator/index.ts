/**
 * `switchboard/testing`: a strict provider emulator. Test an agent against the Anthropic, OpenAI (Chat Completions
 * and Responses) and Gemini APIs through their official SDKs, offline:
 *
 * ```ts
 * const emulator = await startEmulator({ script: callThenAnswer("get_weather", { city: "Paris" }) });
 * const client = new Anthropic({ apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 });
 * // new OpenAI({ apiKey: "test", baseURL: emulator.baseUrls.openai })
 * // new GoogleGenAI({ apiKey: "test", httpOptions: { baseUrl: emulator.baseUrls.gemini } })
 * ...
 * await emulator.close();
 * ```
 *
 * Invalid requests fail with the provider's status, error JSON and text; token counts are o200k_base estimates.
 */
export { ANTHROPIC_DATA_CHECKED_ON, CACHE_MINIMUM_TOKENS, TOOL_PROMPT_TOKENS } from "./anthropic-data.js";
export { callThenAnswer, ScriptError, scripted } from "./policies.js";
export { startEmulator } from "./server.js";
export { estimateTokens } from "./tokens.js";
export type {
  ApiKind,
  Emulator,
  EmulatorOptions,
  NeutralMessage,
  NeutralToolCall,
  NeutralToolResult,
  Policy,
  ProviderName,
  RecordedRequest,
  RequestView,
  Script,
  ToolCallSpec,
  Turn,
} from "./types.js";
