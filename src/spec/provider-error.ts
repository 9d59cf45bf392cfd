/**
 * A request rejection exactly as a provider would send it: HTTP status plus the provider's error body. The
 * strict validators return these and the provider emulator sends them on the wire, so tests see the real texts.
 */
import type { FamilyOf } from "./provider-id.js";

/** Who runs the API whose rejection this is (a view of `ProviderId`). */
export type ProviderFamily = FamilyOf;

/** A provider's refusal of a request, read from its error: the status and the provider's own message. */
export interface ProviderRequestError {
  provider: ProviderFamily;
  status: number;
  /** The human-readable message, verbatim in the provider's wording (see docs/provider-rules.md). */
  message: string;
  /** OpenAI `param` (e.g. `tools[0].function.name`), when the provider reports one. */
  param?: string;
  /** OpenAI `code` (e.g. `invalid_value`), when the provider reports one. */
  code?: string;
}
