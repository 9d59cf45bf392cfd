/**
 * One line for a failed provider call, from any of the three SDKs' errors without importing them: Anthropic and
 * OpenAI `APIError` (`status` plus the parsed error body in `error`), Gemini `ApiError` (`status` plus the
 * body as JSON text in `message`). Never a stack trace.
 */
export function describeModelError(error: unknown): string {
  if (!(error instanceof Error)) return oneLine(String(error));
  const status = (error as { status?: unknown }).status;
  const message = bodyMessage(error) ?? error.message;
  return oneLine(typeof status === "number" ? `HTTP ${status}: ${stripStatus(message, status)}` : message);
}

function bodyMessage(error: Error): string | undefined {
  const body = (error as { error?: unknown }).error;
  // Anthropic: {type: "error", error: {type, message}}; OpenAI: {message, type, param, code}.
  const nested = record(body)?.error;
  const fromBody = record(nested)?.message ?? record(body)?.message;
  if (typeof fromBody === "string" && fromBody !== "") return fromBody;
  // Gemini: the message is the JSON body text.
  if (error.message.startsWith("{")) {
    try {
      const parsed = record(record(JSON.parse(error.message))?.error)?.message;
      if (typeof parsed === "string" && parsed !== "") return parsed;
    } catch {
      // Not JSON after all.
    }
  }
  return undefined;
}

function stripStatus(message: string, status: number): string {
  return message.startsWith(`${status} `) ? message.slice(String(status).length + 1) : message;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= 1_000 ? line : `${line.slice(0, 1_000)}...`;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
