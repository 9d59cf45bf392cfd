/**
 * A fifth wire format, as a test double: "echo" lists tools as `{tool, about, input}`, a response's calls are
 * `{ref, tool, args}` and a result goes back as `{ref, text, failed}`. Everything switchboard needs to know about
 * it is in this folder; registering it is one line.
 */

import { PROFILES } from "../../src/providers/profiles.js";
import type { ModelModule, ToolsArrayLayout } from "../../src/providers/provider-module.js";
import type { Target } from "../../src/providers/targets.js";
import type { ModelProviderId } from "../../src/spec/provider-id.js";
import type { ToolCall } from "../../src/spec/tool-call.js";

/** The echo response shape. */
export interface EchoResponse {
  calls: { ref: string; tool: string; args: Record<string, unknown> }[];
}

const layout: ToolsArrayLayout = {
  prefix: "[",
  suffix: "]",
  empty: "[]",
  wrap: (definitions) => [...definitions],
  definitions: (tools) => [...tools],
};

/** The echo wire format's module (its id is outside the built-in identity type, hence the cast). */
export const echoProvider = {
  id: "echo" as ModelProviderId,
  family: "openai",
  layout,
  cacheBreakpoints: false,
  wireTool: (tool) => ({ tool: tool.name, about: tool.description, input: tool.schema }),
  validateTools: (tools) =>
    Array.isArray(tools) ? [] : [{ provider: "openai", status: 400, message: "tools: expected a list" }],
  countTokens: { supported: false, reason: "echo counts nothing" },
  imageTypes: new Set<string>(),
  readToolCalls: (response) =>
    (response as EchoResponse).calls.map(
      (call): ToolCall => ({ id: call.ref, name: call.tool, arguments: call.args }),
    ),
  convertToolResults: (calls, results) => ({
    append: calls.map((call) => {
      const result = results.find((candidate) => candidate.callId === call.id);
      const text = (result?.content ?? []).map((part) => (part.type === "text" ? part.text : "")).join("");
      return { ref: call.id, text, failed: result?.isError ?? true };
    }),
    warnings: [],
  }),
  renderContext: () => ({ messages: [], warnings: [] }),
  validateMessages: async () => [],
  adapters: [],
} satisfies ModelModule;

/** The one target that uses it: OpenAI's non-strict name rule and schema dialect. */
export const echoTarget = { id: "echo", profile: PROFILES["openai-chat"], wire: "echo" } as unknown as Target;
