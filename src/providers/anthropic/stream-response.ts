/**
 * Reads a streamed Anthropic answer (`stream: true`): each raw event becomes provider-neutral stream events, and
 * the events assemble the `Message` the non-streamed request would have returned. Kept apart from the SDK call so
 * the assembly is testable with plain event objects.
 */
import type { Message, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages/messages";
import type { ModelResponse } from "../../spec/model-adapter.js";
import type { ModelStreamEvent, ModelStreamListener } from "../../spec/model-stream.js";
import { readAssembledStream, type StreamAssembler } from "../shared/read-assembled-stream.js";
import { messageResponse } from "./message-response.js";
import { readToolCalls } from "./read-tool-calls.js";

type Block = Record<string, unknown>;

interface BlockState {
  block: Block;
  /** content_block_stop arrived. */
  done: boolean;
  /** tool_use / server tool blocks: the input JSON text so far. */
  json?: string;
  /** tool_use blocks: the position among this answer's tool calls. */
  callIndex?: number;
}

/** The state of one streamed answer, fed event by event. */
/** The assembler of one Anthropic stream: `finished` once message_stop arrived, `result()` the message so far. */
export interface AnthropicStreamAssembler extends StreamAssembler<RawMessageStreamEvent, Message> {
  /** Applies one event; returns what it means for a listener (often nothing). */
  push(event: RawMessageStreamEvent): ModelStreamEvent[];
}

export function anthropicStreamAssembler(): AnthropicStreamAssembler {
  let head: Block | undefined;
  const blocks: BlockState[] = [];
  let calls = 0;
  let started = false;
  let finished = false;

  const contentOf = (states: readonly BlockState[]) => states.map((state) => state.block);
  const messageOf = (content: Block[], head: Block | undefined): Message =>
    ({ ...(head ?? {}), content }) as unknown as Message;

  return {
    get finished() {
      return finished;
    },
    get started() {
      return started;
    },
    push(event) {
      started = true;
      switch (event.type) {
        case "message_start":
          head = { ...(event.message as unknown as Block), content: [] };
          return [];
        case "content_block_start": {
          const block: Block = { ...(event.content_block as unknown as Block) };
          const state: BlockState = { block, done: false };
          blocks[event.index] = state;
          if (block.type === "tool_use" || block.type === "server_tool_use") state.json = "";
          if (block.type !== "tool_use") return [];
          state.callIndex = calls++;
          return [
            {
              type: "tool-call-start",
              index: state.callIndex,
              callId: String(block.id ?? ""),
              name: String(block.name ?? ""),
            },
          ];
        }
        case "content_block_delta": {
          const state = blocks[event.index];
          if (state === undefined) return [];
          const { block } = state;
          const delta = event.delta;
          switch (delta.type) {
            case "text_delta":
              block.text = `${typeof block.text === "string" ? block.text : ""}${delta.text}`;
              return delta.text === "" ? [] : [{ type: "text-delta", text: delta.text }];
            case "thinking_delta":
              block.thinking = `${typeof block.thinking === "string" ? block.thinking : ""}${delta.thinking}`;
              return delta.thinking === "" ? [] : [{ type: "reasoning-delta", text: delta.thinking }];
            case "signature_delta":
              block.signature = `${typeof block.signature === "string" ? block.signature : ""}${delta.signature}`;
              return [];
            case "citations_delta":
              block.citations = [...(Array.isArray(block.citations) ? block.citations : []), delta.citation];
              return [];
            case "input_json_delta":
              state.json = `${state.json ?? ""}${delta.partial_json}`;
              if (state.callIndex === undefined || delta.partial_json === "") return [];
              return [
                {
                  type: "tool-call-delta",
                  index: state.callIndex,
                  callId: String(block.id ?? ""),
                  argumentsDelta: delta.partial_json,
                },
              ];
            default:
              return [];
          }
        }
        case "content_block_stop": {
          const state = blocks[event.index];
          if (state === undefined) return [];
          state.done = true;
          if (state.json !== undefined) state.block.input = parseInput(state.json);
          if (state.callIndex === undefined) return [];
          // The call exactly as `readToolCalls` reads it from the final message (ids, duplicates, bad input).
          const call = readToolCalls({ content: contentOf(blocks.slice(0, event.index + 1)) }).at(-1);
          return call === undefined ? [] : [{ type: "tool-call-end", index: state.callIndex, call }];
        }
        case "message_delta": {
          if (head === undefined) return [];
          head.stop_reason = event.delta.stop_reason;
          head.stop_sequence = event.delta.stop_sequence;
          const usage: Block = { ...((head.usage as Block | undefined) ?? {}) };
          // The delta's usage is cumulative; a null field means "not reported here", not zero.
          for (const [key, value] of Object.entries(event.usage)) {
            if (value !== null && value !== undefined) usage[key] = value;
          }
          head.usage = usage;
          return [];
        }
        case "message_stop":
          finished = true;
          return [];
        default:
          return [];
      }
    },
    result: () => messageOf(contentOf(blocks.filter((state) => state !== undefined)), head),
    interrupted() {
      const kept = blocks.filter((state) => state !== undefined && replayable(state));
      const unfinished = blocks
        .filter((state) => state !== undefined && state.callIndex !== undefined && !state.done)
        .map((state) => ({ callId: String(state.block.id ?? ""), name: String(state.block.name ?? "") }));
      if (kept.length === 0) return { unfinished };
      const partial: ModelResponse<Message> = {
        ...messageResponse(messageOf(contentOf(kept), { ...head, stop_reason: null, stop_sequence: null })),
        finishReason: "other",
      };
      return { partial, unfinished };
    },
  };
}

/**
 * Reads the SDK's event stream to the end. Events go to `listener` in arrival order; the assembled message is
 * returned. A stream that stops before message_stop (abort, dropped connection, an error event) rejects with
 * `StreamInterruptedError`; an error before the first event is rethrown as the SDK raised it (a rejected request).
 */
export async function readAnthropicStream(
  events: AsyncIterable<RawMessageStreamEvent>,
  listener: ModelStreamListener,
): Promise<Message> {
  const assembler = anthropicStreamAssembler();
  return readAssembledStream(events, assembler, listener, { api: "Anthropic", terminal: "message_stop" });
}

/** What a block keeps in a partial answer: only what the API accepts back in an assistant turn. */
function replayable(state: BlockState): boolean {
  const { block } = state;
  switch (block.type) {
    case "text":
      return typeof block.text === "string" && block.text !== "";
    case "thinking":
      return state.done && typeof block.signature === "string" && block.signature !== "";
    default:
      // tool_use with complete input, redacted thinking, server tool blocks: only once the block is closed.
      return state.done;
  }
}

/** The input JSON text as the non-streamed message would carry it; not JSON stays text for `readToolCalls`. */
function parseInput(json: string): unknown {
  if (json.trim() === "") return {};
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}
