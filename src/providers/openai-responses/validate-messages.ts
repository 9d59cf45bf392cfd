import type { ProviderRequestError } from "../../spec/provider-error.js";

/**
 * Input-item rules of the OpenAI Responses API (docs/provider-rules.md#openai-messages, rules 4-6), as pure checks returning the API's
 * own 400 texts. Evidence: [O] real API error in a public issue, [S] secondary, [U] inferred (every `param` here).
 */
export interface OpenAIResponsesMessageRules {
  /** Items the request continues from (`previous_response_id`), oldest first. */
  priorItems?: readonly unknown[];
  /**
   * Reasoning items the server paired with its function calls: function_call item id (`fc_…`) → reasoning item
   * id (`rs_…`). Only the server that produced the calls knows this; the emulator passes what it produced.
   */
  requiredReasoning?: ReadonlyMap<string, string>;
}

const NAME_PATTERN = /^[a-zA-Z0-9_-]+$/;

export function validateOpenAIResponsesMessages(
  body: unknown,
  rules: OpenAIResponsesMessageRules = {},
): ProviderRequestError[] {
  if (!isRecord(body)) return [];
  const input = Array.isArray(body.input) ? body.input.filter(isRecord) : [];
  const prior = (rules.priorItems ?? []).filter(isRecord);
  const all = [...prior, ...input];
  const errors: ProviderRequestError[] = [];
  const seenCalls = new Set<string>();
  const seenReasoning = new Set<string>();

  all.forEach((item, position) => {
    const inputIndex = position - prior.length;
    if (item.type === "reasoning") seenReasoning.add(String(item.id));
    if (item.type === "function_call") {
      const callId = String(item.call_id);
      seenCalls.add(callId);
      const reasoning = typeof item.id === "string" ? rules.requiredReasoning?.get(item.id) : undefined;
      if (reasoning !== undefined && !seenReasoning.has(reasoning)) {
        // [O] regression #27 (cline/cline#12242)
        errors.push(
          invalid(
            `Item '${String(item.id)}' of type 'function_call' was provided without its required 'reasoning' item: '${reasoning}'.`,
          ),
        );
      }
      if (inputIndex >= 0 && !NAME_PATTERN.test(String(item.name))) {
        const param = `input[${inputIndex}].name`;
        // [U] text modelled on the tools rule (docs/provider-rules.md#openai-tools)
        errors.push(
          invalid(
            `Invalid '${param}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
            param,
            "invalid_value",
          ),
        );
      }
      const answered = all
        .slice(position + 1)
        .some((later) => later.type === "function_call_output" && String(later.call_id) === callId);
      // [O] openai/openai-agents-python#673
      if (!answered) errors.push(invalid(`No tool output found for function call ${callId}.`));
    }
    if (item.type === "function_call_output" && !seenCalls.has(String(item.call_id))) {
      // [O] regression #26 (continuedev/continue#10092)
      errors.push(
        invalid(`No tool call found for function call output with call_id ${String(item.call_id)}.`),
      );
    }
  });
  return errors;
}

function invalid(message: string, param = "input", code?: string): ProviderRequestError {
  return { provider: "openai", status: 400, message, param, ...(code === undefined ? {} : { code }) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
