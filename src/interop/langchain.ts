/**
 * `switchboard/interop/langchain`: a switchboard toolset as LangChain tools. LangChain is not a dependency of
 * switchboard: the caller hands over `tool` from its own `@langchain/core/tools`, and switchboard calls it with
 * a JSON Schema and `responseFormat: "content_and_artifact"` (the model gets the text, the `ToolMessage`'s
 * artifact is switchboard's whole `ToolResult`).
 *
 * @example
 * ```ts
 * import { tool } from "@langchain/core/tools";
 * import { langchainTools } from "switchboard/interop/langchain";
 *
 * const tools = langchainTools({ host, tool });
 * const model = new ChatOpenAI({ model: "gpt-5.5" }).bindTools(tools);
 * ```
 */
import type { JsonObject } from "../spec/json.js";
import type { ToolResult } from "../spec/tool-call.js";
import { type InteropOptions, interopTools, resultText } from "./interop-tools.js";

export type { InteropHost, InteropOptions } from "./interop-tools.js";

/** What LangChain's `tool()` is called with: the function it runs and the tool's fields. */
export type LangchainToolFunction = (
  input: unknown,
  config?: { toolCall?: { id?: string }; signal?: AbortSignal },
) => Promise<[string, ToolResult]>;

/** The fields switchboard passes to LangChain's `tool()`. */
export interface LangchainToolFields {
  name: string;
  description: string;
  schema: JsonObject;
  responseFormat: "content_and_artifact";
}

/** Options of `langchainTools`: the switchboard side, and `tool` from the caller's `@langchain/core/tools`. */
export interface LangchainToolsOptions<T> extends InteropOptions {
  tool: (func: LangchainToolFunction, fields: LangchainToolFields) => T;
}

/**
 * The toolset as LangChain tools (whatever the given `tool` makes: a `DynamicStructuredTool` for a JSON
 * Schema), named with switchboard's provider-facing names. LangChain validates the arguments against the schema
 * before the tool runs; everything after that (stale tools, timeouts, `isError` results) is answered by
 * switchboard.
 */
export function langchainTools<T>(options: LangchainToolsOptions<T>): T[] {
  const { tool: make, ...rest } = options;
  return interopTools(rest).map((tool) =>
    make(
      async (input, config) => {
        const callId = config?.toolCall?.id;
        const signal = config?.signal;
        const result = await tool.call(input, {
          ...(callId === undefined ? {} : { callId }),
          ...(signal === undefined ? {} : { signal }),
        });
        return [resultText(result), result];
      },
      {
        name: tool.name,
        description: tool.description,
        schema: tool.parameters,
        responseFormat: "content_and_artifact",
      },
    ),
  );
}
