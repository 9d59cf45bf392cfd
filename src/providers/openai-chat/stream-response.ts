/**
 * A streamed Chat Completions answer, assembled from its `chat.completion.chunk`s into the `ChatCompletion` a
 * non-streamed request returns, while reporting each piece as a `ModelStreamEvent`. A tool call is complete
 * when the next one starts or the choice finishes (the API streams calls one after another); only complete
 * calls go into the replayable part of an interrupted stream.
 */
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionMessage,
  ChatCompletionMessageFunctionToolCall,
} from "openai/resources/chat/completions";
import type { InterruptedStream, ModelStreamListener } from "../../spec/model-stream.js";
import type { ToolCall } from "../../spec/tool-call.js";
import { readToolCalls } from "./read-tool-calls.js";

/** Reasoning text fields that Chat Completions servers other than OpenAI stream (DeepSeek, vLLM, Ollama, …). */
const REASONING_FIELDS = ["reasoning_content", "reasoning"] as const;

interface CallInProgress {
  /** The `tool_calls[].index` the server gave it. */
  index: number;
  id: string | undefined;
  name: string;
  arguments: string;
  ended: boolean;
}

export class ChatStreamAssembly {
  private id = "";
  private created = 0;
  private model = "";
  private extras: Partial<Pick<ChatCompletion, "system_fingerprint" | "service_tier" | "usage">> = {};
  private sawChoice = false;
  private content: string | null = null;
  private refusal: string | null = null;
  private readonly reasoning: Partial<Record<(typeof REASONING_FIELDS)[number], string>> = {};
  private readonly calls: CallInProgress[] = [];
  private finishReason: ChatCompletion.Choice["finish_reason"] | null = null;

  constructor(private readonly emit: ModelStreamListener) {}

  /** The choice reported its finish reason: the answer is complete (a usage chunk may still follow). */
  get finished(): boolean {
    return this.finishReason !== null;
  }

  push(chunk: ChatCompletionChunk): void {
    if (this.id === "") {
      this.id = chunk.id;
      this.created = chunk.created;
      this.model = chunk.model;
    }
    if (chunk.system_fingerprint != null) this.extras.system_fingerprint = chunk.system_fingerprint;
    if (chunk.service_tier != null) this.extras.service_tier = chunk.service_tier;
    if (chunk.usage != null) this.extras.usage = chunk.usage;
    // One answer is asked for (no `n`): other choices, if a server sends them, are not read.
    const choice = chunk.choices?.find((entry) => entry.index === 0);
    if (choice === undefined) return;
    this.sawChoice = true;
    // Servers add fields the SDK type does not name (the reasoning text).
    const delta = (choice.delta ?? {}) as ChatCompletionChunk.Choice.Delta & Record<string, unknown>;
    for (const field of REASONING_FIELDS) {
      const text = delta[field];
      if (typeof text !== "string") continue;
      this.reasoning[field] = (this.reasoning[field] ?? "") + text;
      if (text !== "") this.emit({ type: "reasoning-delta", text });
    }
    if (typeof delta.content === "string") {
      this.content = (this.content ?? "") + delta.content;
      if (delta.content !== "") this.emit({ type: "text-delta", text: delta.content });
    }
    if (typeof delta.refusal === "string") this.refusal = (this.refusal ?? "") + delta.refusal;
    for (const fragment of delta.tool_calls ?? []) this.pushToolCall(fragment);
    if (choice.finish_reason != null) {
      this.endCalls(() => true);
      this.finishReason = choice.finish_reason;
    }
  }

  /** The `ChatCompletion` the stream carried, as a non-streamed request would have returned it. */
  completion(): ChatCompletion {
    return this.build(this.message(this.calls), this.finishReason);
  }

  /** What an interrupted stream leaves: the text so far and the complete calls, if any of that arrived. */
  interrupted(): { partial?: ChatCompletion; unfinished: InterruptedStream["unfinished"] } {
    const ended = this.calls.filter((call) => call.ended);
    const unfinished = this.calls
      .filter((call) => !call.ended)
      .map((call) => ({ callId: this.callId(call), name: call.name }));
    const text = this.content ?? "";
    if (text === "" && ended.length === 0) return { unfinished };
    const message = { ...this.message(ended), content: text === "" ? null : text };
    // Never finished: the wire has no finish reason for it (the seam reports "other").
    return { partial: this.build(message, null), unfinished };
  }

  private pushToolCall(fragment: ChatCompletionChunk.Choice.Delta.ToolCall): void {
    let call = this.calls.find((entry) => entry.index === fragment.index);
    if (call === undefined) {
      this.endCalls((open) => open.index !== fragment.index);
      call = {
        index: fragment.index,
        id: fragment.id,
        name: fragment.function?.name ?? "",
        arguments: "",
        ended: false,
      };
      this.calls.push(call);
      this.calls.sort((a, b) => a.index - b.index);
      this.emit({ type: "tool-call-start", index: call.index, callId: this.callId(call), name: call.name });
    } else {
      if (call.id === undefined && fragment.id !== undefined) call.id = fragment.id;
      if (call.name === "" && fragment.function?.name !== undefined) call.name = fragment.function.name;
    }
    const piece = fragment.function?.arguments;
    if (typeof piece === "string" && piece !== "") {
      // A fragment for a call already reported complete still belongs to the response the server sent.
      call.arguments += piece;
      if (!call.ended) {
        this.emit({
          type: "tool-call-delta",
          index: call.index,
          callId: this.callId(call),
          argumentsDelta: piece,
        });
      }
    }
  }

  private endCalls(which: (call: CallInProgress) => boolean): void {
    for (const call of this.calls) {
      if (call.ended || !which(call)) continue;
      call.ended = true;
      this.emit({ type: "tool-call-end", index: call.index, call: this.toolCall(call) });
    }
  }

  /** The call as `readToolCalls` reads it from the assembled message (same synthetic ids and duplicate marks). */
  private toolCall(call: CallInProgress): ToolCall {
    const upTo = this.calls.slice(0, this.calls.indexOf(call) + 1);
    const calls = readToolCalls({ role: "assistant", tool_calls: upTo.map((entry) => this.wireCall(entry)) });
    return calls[calls.length - 1]!;
  }

  /** The id the call is reported under: the server's, else the one `readToolCalls` gives a call without one. */
  private callId(call: CallInProgress): string {
    return call.id !== undefined && call.id !== "" ? call.id : `call_${this.calls.indexOf(call)}`;
  }

  private wireCall(call: CallInProgress): ChatCompletionMessageFunctionToolCall {
    return { id: call.id ?? "", type: "function", function: { name: call.name, arguments: call.arguments } };
  }

  private message(calls: readonly CallInProgress[]): ChatCompletionMessage {
    return {
      role: "assistant",
      content: this.content,
      refusal: this.refusal,
      ...(calls.length === 0 ? {} : { tool_calls: calls.map((call) => this.wireCall(call)) }),
      ...this.reasoning,
    };
  }

  private build(
    message: ChatCompletionMessage,
    finishReason: ChatCompletion.Choice["finish_reason"] | null,
  ): ChatCompletion {
    return {
      id: this.id,
      object: "chat.completion",
      created: this.created,
      model: this.model,
      choices: this.sawChoice
        ? // `finish_reason: null` marks the part of an answer that never finished.
          [
            {
              index: 0,
              message,
              logprobs: null,
              finish_reason: finishReason as ChatCompletion.Choice["finish_reason"],
            },
          ]
        : [],
      ...this.extras,
    };
  }
}
