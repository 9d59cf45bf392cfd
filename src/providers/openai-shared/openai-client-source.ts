/** The OpenAI client an adapter calls: the caller's own, or one made on the first call (the SDK loads then). */
import type OpenAI from "openai";
import type { ClientOptions } from "openai";
import { importOptional } from "../../optional-dependency.js";
import { type ClientSource, onFirstUse } from "../lazy-client.js";

/** `settings` runs now, so a missing key or base URL is a `USAGE` error when the adapter is made. */
export function openaiClientSource(
  client: OpenAI | undefined,
  settings: () => ClientOptions,
): ClientSource<OpenAI> {
  if (client !== undefined) return async () => client;
  const checked = settings();
  return onFirstUse(
    async () =>
      new (await importOptional(() => import("openai"), "openai", "The OpenAI adapter")).default(checked),
  );
}
