/**
 * OpenAI Responses behind the `ModelAdapter` seam, through the `openai` SDK, stateless: every request carries
 * the whole transcript and no `previous_response_id`. A response's output items are replayed as input items
 * exactly as returned, so each `function_call` keeps the `reasoning` item it was made with (docs/provider-rules.md#openai-messages
 * rule 6, regression #27). The stop-reason and usage readers and the stream reader are imported at the first
 * request, so importing the package does not evaluate them (issue 22 item 4).
 */
import type OpenAI from "openai";
import type {
  Response,
  ResponseCreateParamsNonStreaming,
  ResponseIncludable,
  ResponseInputItem,
  Tool,
} from "openai/resources/responses/responses";
import { StreamInterruptedError } from "../../errors.js";
import type { ModelAdapter, ModelResponse } from "../../spec/model-adapter.js";
import type { ModelStreamListener } from "../../spec/model-stream.js";
import type { TranslationWarning } from "../../spec/warning.js";
import { openaiClientSettings } from "../openai-shared/openai-client-settings.js";
import { openaiClientSource } from "../openai-shared/openai-client-source.js";
import type { convertOpenAIResponsesUsage } from "./convert-openai-responses-usage.js";
import { convertToolResults } from "./convert-tool-results.js";
import type { mapOpenAIResponsesStopReason } from "./map-openai-responses-stop-reason.js";
import type { OpenAIResponsesClientOptions } from "./openai-responses-api.js";
import { readToolCalls } from "./read-tool-calls.js";

type OwnFields =
  | "model"
  | "input"
  | "instructions"
  | "tools"
  | "max_output_tokens"
  | "stream"
  | "previous_response_id";

/** How `openaiResponsesAdapter` is made: the model, your client or client options, target and body params. */
export interface OpenAIResponsesAdapterOptions {
  model: string;
  /** Your own client (Azure, proxies, custom retries); else one is made from `clientOptions`. */
  client?: OpenAI;
  clientOptions?: OpenAIResponsesClientOptions;
  /** Sent as `max_output_tokens` when set; a request's own `maxTokens` wins. No limit by default. */
  maxTokens?: number;
  /**
   * Extra body fields sent with every request: `reasoning`, `store`, `include`, `tool_choice`, … With
   * `store: false`, `reasoning.encrypted_content` is added to `include`, since reasoning items can then only be
   * replayed with their encrypted content.
   */
  params?: Omit<Partial<ResponseCreateParamsNonStreaming>, OwnFields>;
}

/** A `ModelAdapter` over the OpenAI Responses API (`ResponseInputItem` transcript, `Response` responses). */
export type OpenAIResponsesAdapter = ModelAdapter<ResponseInputItem, Response>;

const ENCRYPTED_REASONING: ResponseIncludable = "reasoning.encrypted_content";

/**
 * The OpenAI Responses API as a `ModelAdapter` (through the official `openai` SDK), for `runAgent` and
 * `openSession`; reasoning items are replayed between turns. The key comes from `clientOptions.apiKey` or
 * `OPENAI_API_KEY`.
 *
 * @example
 * ```ts
 * const adapter = openaiResponsesAdapter({ model: "gpt-5", params: { reasoning: { effort: "low" } } });
 * const result = await runAgent({ adapter, host, buildTools: liveToolset({ catalog: host.catalog, target: adapter.target }), prompt: "Hi" });
 * ```
 */
export function openaiResponsesAdapter(options: OpenAIResponsesAdapterOptions): OpenAIResponsesAdapter {
  const client = openaiClientSource(options.client, () => openaiClientSettings(options.clientOptions));
  const { model } = options;
  const params = withReplayableReasoning(options.params ?? {});
  return {
    provider: "openai-responses",
    model,
    wire: "openai-responses",
    target: "openai-responses",
    async generate(request): Promise<ModelResponse<Response>> {
      const maxTokens = request.maxTokens ?? options.maxTokens;
      const body: ResponseCreateParamsNonStreaming = {
        ...params,
        model,
        input: [...request.messages],
        ...(request.system === undefined || request.system === "" ? {} : { instructions: request.system }),
        ...(request.tools.length === 0 ? {} : { tools: request.tools as Tool[] }),
        ...(maxTokens === undefined ? {} : { max_output_tokens: maxTokens }),
      };
      const sent = request.signal === undefined ? undefined : { signal: request.signal };
      const sdk = await client();
      const readers = await responsesReaders();
      if (request.onStream !== undefined) return streamResponse(sdk, body, sent, request.onStream, readers);
      return responsesModelResponse(await sdk.responses.create(body, sent), readers);
    },
    userMessage: (text) => ({ role: "user", content: text }),
    // Output items are valid input items; replaying all of them keeps reasoning next to its calls.
    appendAssistant: (transcript, response) => [...transcript, ...(response.output as ResponseInputItem[])],
    convertToolResults(calls, results) {
      const { items, warnings } = convertToolResults(calls, results);
      return { append: items, warnings };
    },
    appendToolResults: (transcript, append) => [...transcript, ...append],
  };
}

/** A Responses API response read into the seam's `ModelResponse` (non-streamed, streamed, or the interrupted part). */
/** How a response's stop reason and usage are read. */
interface ResponsesReaders {
  mapStopReason: typeof mapOpenAIResponsesStopReason;
  convertUsage: typeof convertOpenAIResponsesUsage;
}

/** The readers, imported at the first request: importing the package does not evaluate them (issue 22 item 4). */
async function responsesReaders(): Promise<ResponsesReaders> {
  const [stop, usage] = await Promise.all([
    import("./map-openai-responses-stop-reason.js"),
    import("./convert-openai-responses-usage.js"),
  ]);
  return {
    mapStopReason: stop.mapOpenAIResponsesStopReason,
    convertUsage: usage.convertOpenAIResponsesUsage,
  };
}

function responsesModelResponse(response: Response, readers: ResponsesReaders): ModelResponse<Response> {
  const toolCalls = readToolCalls(response);
  const { text, refusals } = textOf(response);
  const finishReason = readers.mapStopReason(response, toolCalls.length > 0);
  return {
    response,
    text,
    toolCalls,
    toolCallCount: toolCalls.length,
    finishReason: refusals.length > 0 && finishReason === "stop" ? "content-filter" : finishReason,
    ...rawFinish(response),
    usage: readers.convertUsage(response.usage),
    warnings: warningsOf(response, refusals),
  };
}

/**
 * The request streamed (`stream: true`): the events go to `onStream` as they arrive, and the response of
 * `response.completed` is read exactly as a non-streamed one. An error before the first event is the SDK's own;
 * a stream that stops before its terminal event rejects with `StreamInterruptedError`.
 */
async function streamResponse(
  sdk: OpenAI,
  body: ResponseCreateParamsNonStreaming,
  options: { signal: AbortSignal } | undefined,
  onStream: ModelStreamListener,
  readers: ResponsesReaders,
): Promise<ModelResponse<Response>> {
  const [{ readStream }, { ResponsesStreamAssembly }] = await Promise.all([
    import("../openai-shared/read-stream.js"),
    import("./stream-response.js"),
  ]);
  const stream = await sdk.responses.create({ ...body, stream: true }, options);
  const assembly = new ResponsesStreamAssembly(onStream);
  const end = await readStream(stream, (event) => assembly.push(event), options?.signal);
  if (assembly.response !== undefined) return responsesModelResponse(assembly.response, readers);
  if (!end.received && end.error !== undefined) throw end.error;
  const { partial, unfinished } = assembly.interrupted();
  const cause = end.error ?? assembly.error;
  throw new StreamInterruptedError<Response>(
    "the Responses stream stopped before the response completed",
    {
      ...(partial === undefined
        ? {}
        : { partial: { ...omitRaw(responsesModelResponse(partial, readers)), finishReason: "other" } }),
      unfinished,
    },
    cause === undefined ? undefined : { cause },
  );
}

/** The part of an unfinished response has no stop reason of its own. */
function omitRaw(response: ModelResponse<Response>): ModelResponse<Response> {
  const { rawFinishReason: _raw, ...rest } = response;
  return rest;
}

function withReplayableReasoning(
  params: NonNullable<OpenAIResponsesAdapterOptions["params"]>,
): NonNullable<OpenAIResponsesAdapterOptions["params"]> {
  if (params.store !== false || params.include?.includes(ENCRYPTED_REASONING)) return params;
  return { ...params, include: [...(params.include ?? []), ENCRYPTED_REASONING] };
}

function textOf(response: Response): { text: string; refusals: string[] } {
  let text = "";
  const refusals: string[] = [];
  for (const item of response.output) {
    if (item.type !== "message") continue;
    for (const part of item.content) {
      if (part.type === "output_text") text += part.text;
      else if (part.type === "refusal") refusals.push(part.refusal);
    }
  }
  return { text, refusals };
}

function rawFinish(response: Response): { rawFinishReason?: string } {
  const reason = response.incomplete_details?.reason;
  if (typeof reason === "string") return { rawFinishReason: `${response.status}: ${reason}` };
  return typeof response.status === "string" ? { rawFinishReason: response.status } : {};
}

function warningsOf(response: Response, refusals: readonly string[]): TranslationWarning[] {
  const warnings = refusals.map((refusal) => warning("refusal", `the model refused: ${refusal}`));
  if (response.status === "incomplete") {
    const reason = response.incomplete_details?.reason ?? "unknown";
    warnings.push(warning("incomplete", `the response is incomplete (${reason})`));
  }
  if (response.status === "failed") {
    const detail = response.error?.message ?? "no error details";
    warnings.push(warning("failed", `the response failed: ${detail}`));
  }
  return warnings;
}

function warning(code: string, message: string): TranslationWarning {
  return { code, path: "", message };
}
