import type { ProviderRequestError } from "../../spec/provider-error.js";
import type { ProviderName } from "./types.js";

/**
 * Error bodies exactly in each provider's shape, plus the canned errors the emulator raises itself. Evidence:
 * [O] seen from the real API in a public issue, [S] secondary source, [U] inferred.
 */

const ANTHROPIC_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

const GEMINI_STATUS: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
};

/** The JSON body a provider sends with a rejection. */
export function errorBody(error: ProviderRequestError): unknown {
  switch (error.provider) {
    case "anthropic":
      return {
        type: "error",
        error: { type: ANTHROPIC_TYPES[error.status] ?? "api_error", message: error.message },
      };
    case "openai":
      return {
        error: {
          message: error.message,
          type: error.status >= 500 ? "server_error" : "invalid_request_error",
          param: error.param ?? null,
          code: error.code ?? null,
        },
      };
    case "gemini":
      return {
        error: {
          code: error.status,
          message: error.message,
          status: GEMINI_STATUS[error.status] ?? "UNKNOWN",
        },
      };
    case "mcp": // not an HTTP provider; never sent by the emulator, kept total for the type
      return { error: { message: error.message } };
  }
}

/** Missing credentials, as each API answers them. */
export const AUTH_ERRORS: Readonly<Record<ProviderName, ProviderRequestError>> = {
  // [S] quoted verbatim by several Anthropic mocks and client tests; checked 2026-11-30.
  anthropic: { provider: "anthropic", status: 401, message: "x-api-key header is required" },
  // [O] recorded real response (x-request-id present) in public fixtures; checked 2026-11-30.
  openai: {
    provider: "openai",
    status: 401,
    message:
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the API from your browser and are prompted for a username and password. You can obtain an API key from https://platform.openai.com/account/api-keys.",
  },
  // [O] e.g. PublicAffairs/openai-gemini#92, googleapis/js-genai#898; Gemini answers 403, not 401.
  gemini: {
    provider: "gemini",
    status: 403,
    message:
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
  },
};

/** Body that is not JSON. [U] texts. */
export function unparsableBody(provider: ProviderName): ProviderRequestError {
  const message = {
    anthropic: "There was an error parsing the body of your request as JSON.",
    openai:
      "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)",
    gemini: "Invalid JSON payload received. Unexpected token.",
  }[provider];
  return { provider, status: 400, message };
}

/** No such route. OpenAI's text is [S]; the others [U]. */
export function notFound(provider: ProviderName, method: string, path: string): ProviderRequestError {
  const message = {
    anthropic: "Not Found",
    openai: `Invalid URL (${method} ${path})`,
    gemini: `The requested URL ${path} was not found on this server.`,
  }[provider];
  return { provider, status: 404, message };
}

/** Something the emulator does not do (not a provider text). */
export function unsupported(provider: ProviderName, what: string): ProviderRequestError {
  return { provider, status: 400, message: `emulator: ${what} not supported` };
}

/** The script failed (a test bug, not a provider behaviour): 500 so the SDK raises at once. */
export function scriptFailure(provider: ProviderName, message: string): ProviderRequestError {
  return { provider, status: 500, message: `emulator: ${message}` };
}
