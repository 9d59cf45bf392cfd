import type { ProviderRequestError } from "../../spec/provider-error.js";

/**
 * Message-shape rules of OpenAI Chat Completions (docs/provider-rules.md#openai-messages, rules 1-3), as pure checks returning the
 * API's own 400 texts, `param` and `code`. Evidence: [O] real API error in a public issue, [S] secondary, [U] inferred.
 */
type Message = Record<string, unknown>;

const ROLES = ["system", "assistant", "user", "function", "tool", "developer"];
const NAME_PATTERN = /^[a-zA-Z0-9_-]+$/;
const NAME_MAX_LENGTH = 64;

export function validateOpenAIChatMessages(body: unknown): ProviderRequestError[] {
  if (!isRecord(body) || !Array.isArray(body.messages)) return [];
  const messages: unknown[] = body.messages;
  const errors: ProviderRequestError[] = [];
  messages.forEach((message, index) => {
    if (!isRecord(message) || typeof message.role !== "string" || !ROLES.includes(message.role)) {
      const role = isRecord(message) ? String(message.role) : "undefined";
      // [S] wording of OpenAI's enum errors
      errors.push(
        invalid(
          `Invalid value: '${role}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`,
          `messages[${index}].role`,
          "invalid_value",
        ),
      );
      return;
    }
    if (message.role === "assistant") {
      const calls = toolCallsOf(message);
      errors.push(...checkCallNames(calls, index));
      errors.push(...checkAnswered(calls, index, messages));
    } else if (message.role === "tool") {
      const error = checkToolMessage(message, index, messages);
      if (error !== undefined) errors.push(error);
    }
  });
  return errors;
}

/** Rule 2: the tool messages right after an assistant `tool_calls` message answer every id. */
function checkAnswered(calls: Message[], index: number, messages: unknown[]): ProviderRequestError[] {
  if (calls.length === 0) return [];
  const answered = new Set<string>();
  for (let next = index + 1; next < messages.length; next++) {
    const message = messages[next];
    if (!isRecord(message) || message.role !== "tool") break;
    answered.add(String(message.tool_call_id));
  }
  const missing = calls.map((call) => String(call.id)).filter((id) => !answered.has(id));
  if (missing.length === 0) return [];
  // [O] regression #24 (aliasrobotics/cai#111); param and the separator between ids are [U].
  return [
    invalid(
      `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${missing.join(", ")}`,
      `messages.[${index}].role`,
    ),
  ];
}

/** Rule 3: a `role: "tool"` message answers a call of the assistant message before its run of tool messages. */
function checkToolMessage(
  message: Message,
  index: number,
  messages: unknown[],
): ProviderRequestError | undefined {
  if (typeof message.tool_call_id !== "string") {
    // [S]
    return invalid(
      "Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'.",
      `messages.[${index}].tool_call_id`,
    );
  }
  let owner = index - 1;
  while (owner >= 0 && isRecord(messages[owner]) && (messages[owner] as Message).role === "tool") owner--;
  const previous = messages[owner];
  const calls = isRecord(previous) && previous.role === "assistant" ? toolCallsOf(previous) : [];
  if (calls.length === 0) {
    // [O] regression #25 (smarter-sh/smarter#264; param from miurla/morphic#136). "preceeding" is OpenAI's spelling.
    return invalid(
      "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
      `messages.[${index}].role`,
    );
  }
  if (calls.some((call) => call.id === message.tool_call_id)) return undefined;
  // [S] seen quoted in several client repositories; param [U]
  return invalid(
    `Invalid parameter: 'tool_call_id' of '${message.tool_call_id}' not found in 'tool_calls' of previous message.`,
    `messages.[${index}].tool_call_id`,
  );
}

/** History names obey the definition rule ([O] mcp-use/mcp-use#90 for the pattern; length text [S] from tools). */
function checkCallNames(calls: Message[], index: number): ProviderRequestError[] {
  const errors: ProviderRequestError[] = [];
  calls.forEach((call, position) => {
    const fn = isRecord(call.function) ? call.function : {};
    const name = typeof fn.name === "string" ? fn.name : "";
    const param = `messages[${index}].tool_calls[${position}].function.name`;
    if (!NAME_PATTERN.test(name)) {
      errors.push(
        invalid(
          `Invalid '${param}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
          param,
          "invalid_value",
        ),
      );
    } else if (name.length > NAME_MAX_LENGTH) {
      errors.push(
        invalid(
          `Invalid '${param}': string too long. Expected a string with maximum length ${NAME_MAX_LENGTH}, but got a string with length ${name.length} instead.`,
          param,
          "string_above_max_length",
        ),
      );
    }
  });
  return errors;
}

function toolCallsOf(message: Message): Message[] {
  return Array.isArray(message.tool_calls) ? message.tool_calls.filter(isRecord) : [];
}

function invalid(message: string, param: string, code?: string): ProviderRequestError {
  return { provider: "openai", status: 400, message, param, ...(code === undefined ? {} : { code }) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
