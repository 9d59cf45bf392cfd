import type { ProviderRequestError } from "../../spec/provider-error.js";

/** Every tool-definition rejection documented in docs/provider-rules.md is an HTTP 400. */
const BAD_REQUEST = 400;

export function anthropicError(message: string): ProviderRequestError {
  return { provider: "anthropic", status: BAD_REQUEST, message };
}

export function openaiError(message: string, param: string | undefined, code: string): ProviderRequestError {
  return param === undefined
    ? { provider: "openai", status: BAD_REQUEST, message, code }
    : { provider: "openai", status: BAD_REQUEST, message, param, code };
}

/** Gemini sends the gRPC status name beside the HTTP code; it travels in `code`. */
export function geminiError(message: string): ProviderRequestError {
  return { provider: "gemini", status: BAD_REQUEST, message, code: "INVALID_ARGUMENT" };
}
