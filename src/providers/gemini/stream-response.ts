/**
 * Reads a streamed Gemini answer (`streamGenerateContent?alt=sse`): every chunk is a partial
 * `GenerateContentResponse`; its parts become provider-neutral stream events, and the chunks assemble the response
 * the non-streamed request would have returned. Kept apart from the SDK call so the assembly is testable with
 * plain chunk objects.
 */
import type { Candidate, GenerateContentResponse, Part } from "@google/genai";
import type { ModelResponse } from "../../spec/model-adapter.js";
import type { ModelStreamEvent, ModelStreamListener } from "../../spec/model-stream.js";
import { readAssembledStream, type StreamAssembler } from "../shared/read-assembled-stream.js";
import { contentResponse } from "./content-response.js";
import { readToolCalls } from "./read-tool-calls.js";

/** The state of one streamed answer, fed chunk by chunk. */
/**
 * The assembler of one Gemini stream: `finished` once a chunk carried a finish reason (or a prompt block);
 * `result()` merges the parts in order, other fields from the latest chunk that has them.
 */
export interface GeminiStreamAssembler
  extends StreamAssembler<GenerateContentResponse, GenerateContentResponse> {
  /** Applies one chunk; returns what it means for a listener. */
  push(chunk: GenerateContentResponse): ModelStreamEvent[];
}

export function geminiStreamAssembler(): GeminiStreamAssembler {
  let top: Record<string, unknown> = {};
  let candidate: Record<string, unknown> | undefined;
  let role: string | undefined;
  const parts: Part[] = [];
  let prototype: object | null = Object.prototype;
  let started = false;
  let finished = false;
  let calls = 0;

  const build = (content: Part[], unfinished: boolean): GenerateContentResponse => {
    // The SDK's own class when chunks were instances of it, so getters such as `text` keep working.
    const response = Object.create(prototype) as GenerateContentResponse;
    const { finishReason, finishMessage, ...fields } = candidate ?? {};
    const kept = unfinished ? fields : { ...fields, finishReason, finishMessage };
    const candidates =
      candidate === undefined
        ? undefined
        : [{ ...withoutUndefined(kept), content: { parts: content, role: role ?? "model" } } as Candidate];
    return Object.assign(response, top, candidates === undefined ? {} : { candidates });
  };

  return {
    get started() {
      return started;
    },
    get finished() {
      return finished;
    },
    push(chunk) {
      if (!started) prototype = Object.getPrototypeOf(chunk) as object | null;
      started = true;
      const { candidates, ...rest } = chunk;
      top = { ...top, ...withoutUndefined(rest) };
      if (rest.promptFeedback?.blockReason !== undefined) finished = true;
      const first = candidates?.[0];
      if (first === undefined) return [];
      const { content, ...fields } = first;
      candidate = { ...candidate, ...withoutUndefined(fields) };
      if (first.finishReason !== undefined) finished = true;
      if (content?.role !== undefined) role = content.role;
      const events: ModelStreamEvent[] = [];
      for (const part of content?.parts ?? []) {
        append(parts, part);
        if (typeof part.text === "string" && part.text !== "") {
          events.push({ type: part.thought === true ? "reasoning-delta" : "text-delta", text: part.text });
        }
        if (part.functionCall !== undefined) {
          // Gemini sends each call whole: its id is what `readToolCalls` gives it in the assembled parts.
          const call = readToolCalls(parts).at(-1);
          if (call === undefined) continue;
          const index = calls++;
          events.push(
            { type: "tool-call-start", index, callId: call.id, name: call.name },
            {
              type: "tool-call-delta",
              index,
              callId: call.id,
              argumentsDelta: JSON.stringify(part.functionCall.args ?? {}),
            },
            { type: "tool-call-end", index, call },
          );
        }
      }
      return events;
    },
    result: () => build(parts, false),
    interrupted() {
      const kept = parts.filter(replayable);
      if (kept.length === 0) return { unfinished: [] };
      const partial = build(kept, true);
      const result: ModelResponse<GenerateContentResponse> = {
        ...contentResponse(partial),
        finishReason: "other",
      };
      return { partial: result, unfinished: [] };
    },
  };
}

/**
 * Reads the SDK's chunk stream to the end. Events go to `listener` in arrival order; the assembled response is
 * returned. A stream that stops before a finish reason (abort, dropped connection: the SDK may end the stream
 * quietly on a clean close) rejects with `StreamInterruptedError`; an error before the first chunk is rethrown
 * as the SDK raised it (a rejected request).
 */
export async function readGeminiStream(
  chunks: AsyncIterable<GenerateContentResponse>,
  listener: ModelStreamListener,
): Promise<GenerateContentResponse> {
  return readAssembledStream(chunks, geminiStreamAssembler(), listener, {
    api: "Gemini",
    terminal: "a finish reason",
  });
}

/** Appends a chunk's part; consecutive plain text pieces of one kind join into one part, as non-streamed. */
function append(parts: Part[], part: Part): void {
  const last = parts.at(-1);
  if (last !== undefined && joinable(last) && joinable(part) && last.thoughtSignature === undefined) {
    if ((last.thought === true) === (part.thought === true)) {
      last.text = `${last.text}${part.text}`;
      if (part.thoughtSignature !== undefined) last.thoughtSignature = part.thoughtSignature;
      return;
    }
  }
  parts.push({ ...part });
}

const TEXT_KEYS = new Set(["text", "thought", "thoughtSignature"]);

function joinable(part: Part): boolean {
  return (
    typeof part.text === "string" &&
    Object.entries(part).every(([key, value]) => value === undefined || TEXT_KEYS.has(key))
  );
}

/** An empty text piece with nothing else says nothing; every other part is whole when it arrives. */
function replayable(part: Part): boolean {
  return !(part.text === "" && part.thoughtSignature === undefined && part.functionCall === undefined);
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
