/**
 * A streamed Responses API answer read event by event (`response.output_item.added`/`.done`,
 * `response.output_text.delta`, `response.function_call_arguments.delta`, the reasoning deltas) into
 * `ModelStreamEvent`s; the final response is the one `response.completed` (or `.incomplete`, `.failed`) carries.
 * Until then it keeps every output item, so an interrupted stream leaves the items that were done, plus the
 * message text so far, as a replayable part.
 */
import type { Response, ResponseOutputItem, ResponseStreamEvent } from "openai/resources/responses/responses";
import type { InterruptedStream, ModelStreamListener } from "../../spec/model-stream.js";
import { readToolCalls } from "./read-tool-calls.js";

interface ItemInProgress {
  item: ResponseOutputItem;
  done: boolean;
  /** Function calls: their position among this response's calls. */
  callIndex?: number;
}

const FINAL = new Set(["response.completed", "response.incomplete", "response.failed"]);

export class ResponsesStreamAssembly {
  private started: Response | undefined;
  private final: Response | undefined;
  private readonly items: (ItemInProgress | undefined)[] = [];
  private calls = 0;
  /** An `error` event the stream sent. */
  error: { code?: string | null; message?: string } | undefined;

  constructor(private readonly emit: ModelStreamListener) {}

  /** The response the terminal event carried, once it arrived. */
  get response(): Response | undefined {
    return this.final;
  }

  push(event: ResponseStreamEvent): void {
    if (FINAL.has(event.type) && "response" in event) {
      this.final = event.response;
      return;
    }
    switch (event.type) {
      case "response.created":
      case "response.in_progress":
        this.started ??= event.response;
        return;
      case "response.output_item.added": {
        const entry: ItemInProgress = { item: structuredClone(event.item), done: false };
        this.items[event.output_index] = entry;
        if (entry.item.type === "function_call") {
          entry.callIndex = this.calls++;
          const { call_id: callId, name } = entry.item;
          this.emit({ type: "tool-call-start", index: entry.callIndex, callId, name });
        }
        return;
      }
      case "response.output_text.delta": {
        const part = this.part(event.output_index, event.content_index);
        if (part !== undefined && part.type === "output_text") part.text += event.delta;
        if (event.delta !== "") this.emit({ type: "text-delta", text: event.delta });
        return;
      }
      case "response.refusal.delta": {
        const part = this.part(event.output_index, event.content_index);
        if (part !== undefined && part.type === "refusal") part.refusal += event.delta;
        return;
      }
      case "response.content_part.added": {
        const entry = this.items[event.output_index];
        if (entry?.item.type === "message" && event.part.type !== "reasoning_text") {
          entry.item.content[event.content_index] = structuredClone(event.part);
        }
        return;
      }
      case "response.reasoning_summary_text.delta":
      case "response.reasoning_text.delta":
        if (event.delta !== "") this.emit({ type: "reasoning-delta", text: event.delta });
        return;
      case "response.function_call_arguments.delta": {
        const entry = this.items[event.output_index];
        if (entry?.item.type !== "function_call" || entry.done) return;
        entry.item.arguments += event.delta;
        const { callIndex = 0 } = entry;
        this.emit({
          type: "tool-call-delta",
          index: callIndex,
          callId: entry.item.call_id,
          argumentsDelta: event.delta,
        });
        return;
      }
      case "response.output_item.done": {
        const entry: ItemInProgress = { ...this.items[event.output_index], item: event.item, done: true };
        this.items[event.output_index] = entry;
        if (entry.item.type === "function_call") {
          entry.callIndex ??= this.calls++;
          // The call as `readToolCalls` reads it from the output (same synthetic ids and duplicate marks).
          const upTo = this.items.slice(0, event.output_index + 1).map((each) => each?.item ?? null);
          const calls = readToolCalls(upTo);
          this.emit({ type: "tool-call-end", index: entry.callIndex, call: calls[calls.length - 1]! });
        }
        return;
      }
      case "error":
        this.error = { code: event.code, message: event.message };
        return;
      default:
        return;
    }
  }

  /**
   * What an interrupted stream leaves: the items that were done and a message with the text so far, as the
   * output of the response that was under way. A reasoning item is kept only when the item after it is done
   * (the API rejects a reasoning item replayed without its following item); a half-written call never is.
   */
  interrupted(): { partial?: Response; unfinished: InterruptedStream["unfinished"] } {
    const unfinished: InterruptedStream["unfinished"] = [];
    const kept: (ResponseOutputItem | undefined)[] = this.items.map((entry) => {
      if (entry === undefined) return undefined;
      if (entry.done) return entry.item;
      if (entry.item.type === "function_call") {
        unfinished.push({ callId: entry.item.call_id, name: entry.item.name });
        return undefined;
      }
      if (entry.item.type !== "message") return undefined;
      const content = entry.item.content.filter(
        (part) =>
          (part.type === "output_text" && part.text !== "") ||
          (part.type === "refusal" && part.refusal !== ""),
      );
      return content.length === 0 ? undefined : { ...entry.item, status: "incomplete", content };
    });
    const output = kept.filter(
      (item, position): item is ResponseOutputItem =>
        item !== undefined && (item.type !== "reasoning" || this.items[position + 1]?.done === true),
    );
    if (output.length === 0 || this.started === undefined) return { unfinished };
    return { partial: { ...this.started, output }, unfinished };
  }

  private part(outputIndex: number, contentIndex: number) {
    const entry = this.items[outputIndex];
    return entry?.item.type === "message" ? entry.item.content[contentIndex] : undefined;
  }
}
