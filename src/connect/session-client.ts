/**
 * What a session's code asks of its MCP client: the methods of the SDK's `Client` that switchboard calls, with
 * the SDK's types. The SDK client is one; the SDK-free stdio client (wire-client.ts) is the other.
 */
import type {
  CallToolRequestOptions,
  CallToolResult,
  CompleteRequestParams,
  CompleteResult,
  EmptyResult,
  GetPromptResult,
  Implementation,
  ListPromptsResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  LoggingLevel,
  ReadResourceResult,
  RequestOptions,
  ServerCapabilities,
  StandardSchemaV1,
} from "@modelcontextprotocol/client";

/** A session's MCP client (the SDK's `Client`, or switchboard's SDK-free stdio client). */
export interface SessionClient {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  request<T extends StandardSchemaV1>(
    request: { method: string; params?: Record<string, unknown> },
    resultSchema: T,
    options?: RequestOptions,
  ): Promise<StandardSchemaV1.InferOutput<T>>;
  callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    options?: CallToolRequestOptions,
  ): Promise<CallToolResult>;
  listResources(params?: undefined, options?: RequestOptions): Promise<ListResourcesResult>;
  listResourceTemplates(params?: undefined, options?: RequestOptions): Promise<ListResourceTemplatesResult>;
  listPrompts(params?: undefined, options?: RequestOptions): Promise<ListPromptsResult>;
  readResource(params: { uri: string }, options?: RequestOptions): Promise<ReadResourceResult>;
  getPrompt(
    params: { name: string; arguments?: Record<string, string> },
    options?: RequestOptions,
  ): Promise<GetPromptResult>;
  complete(params: CompleteRequestParams, options?: RequestOptions): Promise<CompleteResult>;
  subscribeResource(params: { uri: string }, options?: RequestOptions): Promise<EmptyResult>;
  unsubscribeResource(params: { uri: string }, options?: RequestOptions): Promise<EmptyResult>;
  setLoggingLevel(level: LoggingLevel, options?: RequestOptions): Promise<EmptyResult>;
  ping(options?: RequestOptions): Promise<EmptyResult>;
  sendRootsListChanged(): Promise<void>;
  close(): Promise<void>;
  getServerCapabilities(): ServerCapabilities | undefined;
  getServerVersion(): Implementation | undefined;
  getInstructions(): string | undefined;
  getNegotiatedProtocolVersion(): string | undefined;
}
