/**
 * Reads a provider SDK's event stream into an assembler, for the wire formats whose SDK raises (rather than
 * quietly ends) on a failure mid-stream (Anthropic, Gemini). Events reach the listener in arrival order; a
 * listener's own failure is ignored (the `onStream` contract). A failure before the first event is the SDK's own
 * error, as for a non-streamed request; after it, or an end without the terminal event, is a
 * `StreamInterruptedError` carrying what the assembler can replay.
 */
import { StreamInterruptedError } from "../../errors.js";
import type { InterruptedStream, ModelStreamEvent, ModelStreamListener } from "../../spec/model-stream.js";

/** What the reader needs of a provider's stream assembler. */
export interface StreamAssembler<Event, Result> {
  push(event: Event): readonly ModelStreamEvent[];
  /** Whether any event arrived. */
  readonly started: boolean;
  /** The stream's terminal event arrived: `result()` is the whole answer. */
  readonly finished: boolean;
  result(): Result;
  interrupted(): InterruptedStream<Result>;
}

/** How interruptions are worded: the API's name and what a complete stream ends with. */
export interface StreamLabels {
  api: string;
  /** E.g. "message_stop". */
  terminal: string;
}

/** The assembled answer of `events`, or the SDK's error, or `StreamInterruptedError` (see the module comment). */
export async function readAssembledStream<Event, Result>(
  events: AsyncIterable<Event>,
  assembler: StreamAssembler<Event, Result>,
  listener: ModelStreamListener,
  labels: StreamLabels,
): Promise<Result> {
  try {
    for await (const event of events) {
      for (const streamEvent of assembler.push(event)) notify(listener, streamEvent);
    }
  } catch (error) {
    if (!assembler.started) throw error;
    throw interruption(assembler, labels, error);
  }
  if (!assembler.finished) throw interruption(assembler, labels, undefined);
  return assembler.result();
}

function interruption<Result>(
  assembler: StreamAssembler<unknown, Result>,
  labels: StreamLabels,
  cause: unknown,
): StreamInterruptedError<Result> {
  const reason =
    cause === undefined
      ? `the stream ended before ${labels.terminal}`
      : cause instanceof Error
        ? cause.message
        : String(cause);
  return new StreamInterruptedError(
    `${labels.api} stream interrupted: ${reason}`,
    assembler.interrupted(),
    cause === undefined ? undefined : { cause },
  );
}

function notify(listener: ModelStreamListener, event: ModelStreamEvent): void {
  try {
    listener(event);
  } catch {
    // ignored by the onStream contract
  }
}
