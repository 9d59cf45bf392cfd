/**
 * `switchboard/interop/openai-agents`: a switchboard toolset as OpenAI Agents SDK function tools. The Agents
 * SDK is not a dependency of switchboard: the tools are plain `FunctionTool` records (`type: "function"`,
 * `invoke`, `needsApproval`, `isEnabled`), the shape `tool()` returns. They take the raw arguments string, so a
 * malformed one is answered by switchboard instead of failing the run.
 *
 * @example
 * ```ts
 * import { Agent, run } from "@openai/agents";
 * import { openaiAgentsTools } from "switchboard/interop/openai-agents";
 *
 * const agent = new Agent({ name: "ops", instructions: "…", tools: openaiAgentsTools({ host }) });
 * const result = await run(agent, "What changed in the tickets today?");
 * ```
 */
import type { JsonValue } from "../spec/json.js";
import { type InteropOptions, interopTools, resultText } from "./interop-tools.js";

export type { InteropHost, InteropOptions } from "./interop-tools.js";

/** The JSON Schema an Agents function tool carries (its `JsonObjectSchema`: `required` and `additionalProperties` present). */
export interface AgentsToolParameters {
  type: "object";
  properties: Record<string, JsonValue>;
  required: string[];
  additionalProperties: boolean;
  [keyword: string]: JsonValue;
}

/** One Agents SDK function tool (the fields of its `FunctionTool` that a runner reads). */
export interface AgentsFunctionTool {
  type: "function";
  name: string;
  description: string;
  parameters: AgentsToolParameters;
  strict: boolean;
  /** Dispatches through switchboard and returns the text the model sees (never throws). */
  invoke(
    runContext: unknown,
    input: string,
    details?: { toolCall?: { callId?: string }; signal?: AbortSignal },
  ): Promise<string>;
  needsApproval(): Promise<boolean>;
  isEnabled(): Promise<boolean>;
}

/**
 * The toolset as Agents SDK function tools, named with switchboard's provider-facing names. A tool of a strict
 * target (`openai-strict`) keeps `strict: true`; every other one is sent non-strict with switchboard's repaired
 * schema.
 */
export function openaiAgentsTools(options: InteropOptions): AgentsFunctionTool[] {
  return interopTools(options).map((tool) => ({
    type: "function",
    name: tool.name,
    description: tool.description,
    parameters: agentsParameters(tool.parameters),
    strict: tool.strict,
    invoke: async (_runContext, input, details) => {
      const callId = details?.toolCall?.callId;
      const signal = details?.signal;
      const result = await tool.call(input, {
        ...(callId === undefined ? {} : { callId }),
        ...(signal === undefined ? {} : { signal }),
      });
      return resultText(result);
    },
    needsApproval: async () => false,
    isEnabled: async () => true,
  }));
}

/** The Agents SDK's schema type wants `required` and `additionalProperties`; their defaults change nothing. */
function agentsParameters(schema: Record<string, JsonValue>): AgentsToolParameters {
  const properties = schema.properties;
  const required = schema.required;
  return {
    ...schema,
    type: "object",
    properties: isObject(properties) ? properties : {},
    required: Array.isArray(required) ? required.filter((key): key is string => typeof key === "string") : [],
    additionalProperties: schema.additionalProperties !== false,
  };
}

function isObject(value: unknown): value is Record<string, JsonValue> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
