/**
 * A `sampling/createMessage` request → what a model adapter takes: neutral messages (tool calls and results
 * included) and a tools array built for the adapter's target from the tools the server offered. Tool names go
 * through the toolset's name table both ways, so a server's tool name reaches the model provider-legal and comes
 * back as the server spelled it.
 */
import type { ContextMessage, ContextPart } from "../context/types.js";
import { mapMcpResult } from "../dispatch/map-mcp-result.js";
import type { JsonObject } from "../spec/json.js";
import type { ModelToolTarget } from "../spec/model-adapter.js";
import { buildToolset, type Toolset } from "../toolset/build-toolset.js";

/** The parts of MCP `CreateMessageRequestParams` the conversion reads. */
export interface SamplingParamsLike {
  messages: readonly { role: "user" | "assistant"; content: unknown }[];
  systemPrompt?: string | undefined;
  maxTokens: number;
  tools?: readonly { name: string; description?: string | undefined; inputSchema: unknown }[] | undefined;
}

export interface SamplingConversation {
  messages: ContextMessage[];
  /** Present when the server offered tools. */
  toolset?: Toolset;
}

export function samplingConversation(
  server: string,
  params: SamplingParamsLike,
  target: ModelToolTarget,
): SamplingConversation {
  const toolset =
    params.tools === undefined || params.tools.length === 0
      ? undefined
      : buildToolset(
          params.tools.map((tool) => ({
            server,
            tool: {
              name: tool.name,
              ...(tool.description === undefined ? {} : { description: tool.description }),
              inputSchema: (isRecord(tool.inputSchema) ? tool.inputSchema : { type: "object" }) as JsonObject,
            },
          })),
          target,
          { naming: { prefix: false } },
        );
  const emitted = (tool: string) => toolset?.names.nameOf(server, tool) ?? legal(tool);
  const callNames = new Map<string, string>();
  const messages: ContextMessage[] = params.messages.map((message) => {
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    const parts: ContextPart[] = blocks.flatMap((block) => partOf(block, emitted, callNames));
    return { role: message.role === "assistant" ? "assistant" : "user", parts };
  });
  return { messages, ...(toolset === undefined ? {} : { toolset }) };
}

function partOf(
  block: unknown,
  emitted: (tool: string) => string,
  callNames: Map<string, string>,
): ContextPart[] {
  if (!isRecord(block)) return [];
  switch (block.type) {
    case "text":
      return typeof block.text === "string" ? [{ type: "text", text: block.text }] : [];
    case "image":
    case "audio":
      return typeof block.data === "string" && typeof block.mimeType === "string"
        ? [{ type: block.type, data: block.data, mimeType: block.mimeType }]
        : [];
    case "tool_use": {
      const id = String(block.id);
      const name = emitted(String(block.name));
      callNames.set(id, name);
      return [{ type: "tool-call", id, name, arguments: isRecord(block.input) ? block.input : {} }];
    }
    case "tool_result": {
      const id = String(block.toolUseId);
      const mapped = mapMcpResult({
        content: block.content,
        isError: block.isError,
        ...(block.structuredContent === undefined ? {} : { structuredContent: block.structuredContent }),
      });
      return [
        {
          type: "tool-result",
          callId: id,
          name: callNames.get(id) ?? "tool",
          isError: mapped.isError,
          content: mapped.content,
        },
      ];
    }
    default:
      return [{ type: "text", text: `[a ${String(block.type)} block of the sampling request was left out]` }];
  }
}

/** A name that was not offered this time still has to be legal in history. */
function legal(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 64) || "tool";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
