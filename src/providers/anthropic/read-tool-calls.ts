import type { ToolCall } from "../../spec/tool-call.js";

/** The part of an Anthropic `Message` (or an assistant `MessageParam`) that carries tool calls. */
export interface AnthropicResponseLike {
  content: string | readonly unknown[];
}

/**
 * Every client `tool_use` block of an Anthropic response, in order. `input` arrives parsed; a block whose
 * `input` is not an object (a broken stream reassembly, a proxy) is kept with `argumentsError`. Server tool
 * blocks (`server_tool_use`, `mcp_tool_use`) are answered by Anthropic itself and are not returned.
 */
export function readToolCalls(response: AnthropicResponseLike): ToolCall[] {
  if (typeof response.content === "string") return [];
  const calls: ToolCall[] = [];
  const seen = new Set<string>();
  response.content.forEach((block, index) => {
    if (!isRecord(block) || block.type !== "tool_use") return;
    const hasId = typeof block.id === "string" && block.id !== "";
    const id = hasId ? (block.id as string) : `tool_use_${index}`;
    const call: ToolCall = {
      id,
      name: typeof block.name === "string" ? block.name : "",
      arguments: block.input,
    };
    if (!hasId) call.syntheticId = true;
    const problem = inputProblem(block.input);
    if (problem !== undefined) call.argumentsError = problem;
    if (seen.has(id)) call.duplicateId = true;
    seen.add(id);
    calls.push(call);
  });
  return calls;
}

function inputProblem(input: unknown): string | undefined {
  if (input === undefined) return undefined; // no arguments: an empty object
  if (isRecord(input)) return undefined;
  return `tool_use.input must be a JSON object, got ${describe(input)}`;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `a string (${JSON.stringify(value.slice(0, 80))})`;
  return `a ${typeof value}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
