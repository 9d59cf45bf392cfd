/**
 * Reads an `openai` SDK stream to its end, handing each event to `push`, and says how it ended. The SDK ends
 * its iterator quietly when the request is aborted, so "no error" does not mean the answer is complete: the
 * caller checks that the stream's own terminal event arrived.
 */
export interface StreamEnd {
  /** At least one event arrived. */
  received: boolean;
  /** What stopped the stream early: the SDK's error, or the abort signal's reason; absent when it just ended. */
  error?: unknown;
}

export async function readStream<Event>(
  stream: AsyncIterable<Event>,
  push: (event: Event) => void,
  signal: AbortSignal | undefined,
): Promise<StreamEnd> {
  let received = false;
  try {
    for await (const event of stream) {
      received = true;
      push(event);
    }
  } catch (error) {
    return { received, error };
  }
  return signal?.aborted === true ? { received, error: signal.reason } : { received };
}
