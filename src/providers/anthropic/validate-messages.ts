import type { ProviderRequestError } from "../../spec/provider-error.js";

/**
 * Message-shape rules the Anthropic Messages API enforces on `messages` (docs/provider-rules.md#anthropic-messages), as pure checks that
 * return the API's own 400 texts. Evidence per text: [O] seen from the real API in a public issue, [S] quoted by a
 * secondary source, [U] inferred. Required top-level fields (model, max_tokens) are not checked here.
 */
export interface AnthropicMessageRules {
  /** Longest legal tool name (128 since 2026-03, 64 before; docs/provider-rules.md#anthropic-tools). */
  nameMaxLength?: number;
}

type Block = Record<string, unknown>;

const ROLES = new Set(["user", "assistant"]);
const THINKING_TYPES = new Set(["thinking", "redacted_thinking"]);
const THINKING_ON = new Set(["enabled", "adaptive"]);
const THINKING_DOCS = "https://docs.claude.com/en/docs/build-with-claude/extended-thinking";

export function validateAnthropicMessages(
  body: unknown,
  rules: AnthropicMessageRules = {},
): ProviderRequestError[] {
  if (!isRecord(body) || !Array.isArray(body.messages)) return [];
  const messages: unknown[] = body.messages;
  const maxLength = rules.nameMaxLength ?? 128;
  const errors: ProviderRequestError[] = [];
  // [S] text; the API answers it for `messages: []`.
  if (messages.length === 0) errors.push(invalid("messages: at least one message is required"));

  messages.forEach((message, index) => {
    if (!isRecord(message) || typeof message.role !== "string" || !ROLES.has(message.role)) {
      errors.push(invalid(`messages.${index}.role: Input should be 'user' or 'assistant'`)); // [U] pydantic form
      return;
    }
    const content = blocksOf(message.content);
    const isFinalAssistant = index === messages.length - 1 && message.role === "assistant";
    if (content.length === 0 && !isFinalAssistant) {
      // [O] e.g. messages.2 in several public issues
      errors.push(
        invalid(
          `messages.${index}: all messages must have non-empty content except for the optional final assistant message`,
        ),
      );
      return;
    }
    if (message.role === "assistant") {
      errors.push(...checkToolUseNames(content, index, maxLength));
      errors.push(...checkAnswered(content, index, messages[index + 1]));
    } else {
      errors.push(...checkResultsHaveCalls(content, index, messages[index - 1]));
    }
  });

  const thinking = checkThinkingReplay(body, messages);
  if (thinking !== undefined) errors.push(thinking);
  return errors;
}

/** Rule 1 + 2 (+4): every `tool_use` answered in the very next user message, results first. */
function checkAnswered(content: Block[], index: number, next: unknown): ProviderRequestError[] {
  const ids = content.filter((block) => block.type === "tool_use").map((block) => String(block.id));
  if (ids.length === 0) return [];
  const nextBlocks = isRecord(next) && next.role === "user" ? blocksOf(next.content) : [];
  const answered = new Set(
    nextBlocks.filter((block) => block.type === "tool_result").map((block) => String(block.tool_use_id)),
  );
  const missing = ids.filter((id) => !answered.has(id));
  if (missing.length > 0) {
    // [O] regression #8 (anthropics/claude-code#5989); the index names the message holding the `tool_use`.
    return [
      invalid(
        `messages.${index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
      ),
    ];
  }
  const leading = new Set<string>();
  for (const block of nextBlocks) {
    if (block.type !== "tool_result") break;
    leading.add(String(block.tool_use_id));
  }
  if (ids.every((id) => leading.has(id))) return [];
  // [O] regression #10 (anthropics/claude-code#37): results present but not at the beginning.
  return [
    invalid(
      `messages.${index + 1}: Did not find ${ids.length} \`tool_result\` block(s) at the beginning of this message. Messages following \`tool_use\` blocks must begin with a matching number of \`tool_result\` blocks.`,
    ),
  ];
}

/** Rule 3: a `tool_result` must answer a `tool_use` of the message right before it. */
function checkResultsHaveCalls(content: Block[], index: number, previous: unknown): ProviderRequestError[] {
  const previousBlocks =
    isRecord(previous) && previous.role === "assistant" ? blocksOf(previous.content) : [];
  const calls = new Set(
    previousBlocks.filter((block) => block.type === "tool_use").map((block) => String(block.id)),
  );
  const errors: ProviderRequestError[] = [];
  content.forEach((block, position) => {
    if (block.type !== "tool_result" || calls.has(String(block.tool_use_id))) return;
    // [O] regression #9 (anthropics/claude-code#13460)
    errors.push(
      invalid(
        `messages.${index}.content.${position}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(block.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
      ),
    );
  });
  return errors;
}

/** Tool names replayed in history obey the same rule as definitions ([O] with the 64-char era's numbers). */
function checkToolUseNames(content: Block[], index: number, maxLength: number): ProviderRequestError[] {
  const pattern = new RegExp(`^[a-zA-Z0-9_-]{1,${maxLength}}$`);
  const errors: ProviderRequestError[] = [];
  content.forEach((block, position) => {
    if (block.type !== "tool_use") return;
    const name = typeof block.name === "string" ? block.name : "";
    const path = `messages.${index}.content.${position}.tool_use.name`;
    if (name.length > maxLength) {
      errors.push(invalid(`${path}: String should have at most ${maxLength} characters`));
    } else if (!pattern.test(name)) {
      errors.push(invalid(`${path}: String should match pattern '^[a-zA-Z0-9_-]{1,${maxLength}}$'`));
    }
  });
  return errors;
}

/**
 * Rule 7: with extended thinking on, the final assistant turn of an open tool loop (answered by the last user
 * message) must start with its thinking block. [O] text, e.g. anomalyco/opencode#3077, Kilo-Org/kilocode#5219.
 */
function checkThinkingReplay(
  body: Record<string, unknown>,
  messages: unknown[],
): ProviderRequestError | undefined {
  if (!isRecord(body.thinking) || !THINKING_ON.has(String(body.thinking.type))) return undefined;
  const last = messages.at(-1);
  const assistant = messages.at(-2);
  if (!isRecord(last) || last.role !== "user" || !isRecord(assistant) || assistant.role !== "assistant") {
    return undefined;
  }
  if (!blocksOf(last.content).some((block) => block.type === "tool_result")) return undefined;
  const content = blocksOf(assistant.content);
  if (!content.some((block) => block.type === "tool_use")) return undefined;
  const first = content[0];
  if (first === undefined || THINKING_TYPES.has(String(first.type))) return undefined;
  return invalid(
    `messages.${messages.length - 2}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(first.type)}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at ${THINKING_DOCS}`,
  );
}

/** Content as blocks: a string is one text block, an empty string none. */
function blocksOf(content: unknown): Block[] {
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  if (!Array.isArray(content)) return [];
  return content.filter(isRecord);
}

function invalid(message: string): ProviderRequestError {
  return { provider: "anthropic", status: 400, message };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
