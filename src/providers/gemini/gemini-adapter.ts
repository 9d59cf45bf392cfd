/**
 * Gemini generateContent behind the `ModelAdapter` seam, through `@google/genai`. The model's content is
 * replayed whole, every part as returned, so a `functionCall` keeps the `thoughtSignature` Gemini 3 requires back
 * (docs/provider-rules.md#gemini-messages rule 3, regression #40) and thought parts stay where they were.
 * The response mapping and the stream reader are imported at the first request, so importing the package does
 * not evaluate them (issue 22 item 4).
 */
import type {
  Content,
  GenerateContentConfig,
  GenerateContentResponse,
  GoogleGenAI,
  Tool,
} from "@google/genai";
import { importOptional } from "../../optional-dependency.js";
import type { ModelAdapter, ModelResponse } from "../../spec/model-adapter.js";
import { type ClientSource, onFirstUse } from "../lazy-client.js";
import { convertToolResults } from "./convert-tool-results.js";
import { type GeminiClientOptions, geminiClientSettings } from "./gemini-client-settings.js";

type OwnFields = "tools" | "systemInstruction" | "maxOutputTokens" | "abortSignal";

/** How `geminiAdapter` is made: the model, your client or client options, max tokens, target, config, inline media. */
export interface GeminiAdapterOptions {
  model: string;
  /** Your own client (Vertex AI, proxies); else one is made from `clientOptions`. */
  client?: GoogleGenAI;
  clientOptions?: GeminiClientOptions;
  /** Sent as `maxOutputTokens` when set; a request's own `maxTokens` wins. No limit by default. */
  maxTokens?: number;
  /** The toolset target (default `gemini`, the `parameters` dialect; or `gemini-json-schema`). */
  target?: "gemini" | "gemini-json-schema";
  /** Extra config sent with every request: `thinkingConfig`, `temperature`, `toolConfig`, … */
  config?: Omit<GenerateContentConfig, OwnFields>;
  /** Send tool-result images and audio as function-response parts (multimodal function responses, Gemini 3+). */
  inlineMedia?: boolean;
}

/** A `ModelAdapter` over the Gemini API (`Content` transcript, `GenerateContentResponse` responses). */
export type GeminiAdapter = ModelAdapter<Content, GenerateContentResponse>;

/**
 * The Gemini API as a `ModelAdapter` (through the official `@google/genai`), for `runAgent` and `openSession`.
 * The key comes from `clientOptions.apiKey`, `GEMINI_API_KEY` or `GOOGLE_API_KEY`; pass `client` for Vertex AI or a proxy.
 *
 * @example
 * ```ts
 * const adapter = geminiAdapter({ model: "gemini-2.5-pro" });
 * const result = await runAgent({ adapter, host, buildTools: liveToolset({ catalog: host.catalog, target: adapter.target }), prompt: "Hi" });
 * ```
 */
export function geminiAdapter(options: GeminiAdapterOptions): GeminiAdapter {
  const client = geminiClient(options);
  const { model } = options;
  const convertOptions = options.inlineMedia === undefined ? {} : { inlineMedia: options.inlineMedia };
  return {
    provider: "gemini",
    model,
    wire: "gemini",
    target: options.target ?? "gemini",
    async generate(request): Promise<ModelResponse<GenerateContentResponse>> {
      const maxTokens = request.maxTokens ?? options.maxTokens;
      const config: GenerateContentConfig = {
        ...options.config,
        ...(request.tools.length === 0 ? {} : { tools: request.tools as Tool[] }),
        ...(request.system === undefined || request.system === ""
          ? {}
          : { systemInstruction: request.system }),
        ...(maxTokens === undefined ? {} : { maxOutputTokens: maxTokens }),
        ...(request.signal === undefined ? {} : { abortSignal: request.signal }),
      };
      const params = { model, contents: [...request.messages], config };
      const sdk = await client();
      const { contentResponse } = await import("./content-response.js");
      if (request.onStream === undefined) return contentResponse(await sdk.models.generateContent(params));
      const { readGeminiStream } = await import("./stream-response.js");
      // An HTTP error rejects before the first chunk and is rethrown unwrapped by the reader.
      const chunks = await sdk.models.generateContentStream(params);
      return contentResponse(await readGeminiStream(chunks, request.onStream));
    },
    userMessage: (text) => ({ role: "user", parts: [{ text }] }),
    appendAssistant(transcript, response) {
      const content = response.candidates?.[0]?.content;
      // A blocked or empty candidate has nothing to replay, and Gemini rejects a content with no parts.
      if (content === undefined || (content.parts ?? []).length === 0) return [...transcript];
      return [...transcript, content.role === "model" ? content : { ...content, role: "model" }];
    },
    convertToolResults(calls, results) {
      const { content, warnings } = convertToolResults(calls, results, convertOptions);
      return { append: calls.length === 0 ? [] : [content], warnings };
    },
    appendToolResults: (transcript, append) => [...transcript, ...append],
  };
}

/** The caller's client, or one made on the first call: the key is checked now, the SDK loads then. */
function geminiClient(options: GeminiAdapterOptions): ClientSource<GoogleGenAI> {
  const { client } = options;
  if (client !== undefined) return async () => client;
  const settings = geminiClientSettings(options.clientOptions);
  return onFirstUse(
    async () =>
      new (
        await importOptional(() => import("@google/genai"), "@google/genai", "The Gemini adapter")
      ).GoogleGenAI(settings),
  );
}
