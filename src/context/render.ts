/** Neutral messages → one provider's messages, chosen by the adapter's wire. */

import { modelModule } from "../providers/registry.js";
import type { ModelWire } from "../spec/model-adapter.js";
import type { ContextMessage, RenderedMessages } from "./types.js";

export type { RenderedMessages };

/** Neutral context messages as the messages of the provider that answers in `wire`. */
export function renderMessages(wire: ModelWire, messages: readonly ContextMessage[]): RenderedMessages {
  return modelModule(wire).renderContext(messages);
}
