/** The OpenAI client an adapter calls: the caller's own, or one made on the first call (the SDK loads then). */
import type OpenAI from "openai";
import type { ClientOptions } from "openai";
import { type ClientSource, onFirstUse } from "../lazy-client.js";

/** `settings` runs now, so a missing key or base URL is a `USAGE` error when the adapter is made. */
export function openaiClientSource(
  client: OpenAI | undefined,
  settings: () => ClientOptions,
): ClientSource<OpenAI> {
  if (client !== undefined) return async () => client;
  const checked = settings();
  return onFirstUse(async () => new (await import("openai")).default(checked));
}
