export type { JsonObject, JsonPrimitive, JsonValue } from "./json.js";
export type {
  FinishReason,
  ModelAdapter,
  ModelRequest,
  ModelResponse,
  ModelToolTarget,
  ModelWire,
  TokenUsage,
  ToolResultMessages,
} from "./model-adapter.js";
export type { InterruptedStream, ModelStreamEvent, ModelStreamListener } from "./model-stream.js";
export type { PreparedTool } from "./prepared-tool.js";
export type { ProviderFamily, ProviderRequestError } from "./provider-error.js";
export type {
  FamilyOf,
  ModelProviderId,
  ProfileIdOf,
  ProviderId,
  ProviderIdentities,
  TargetIdOf,
} from "./provider-id.js";
export type { DatedSource, NameRule, ProfileId, ProviderProfile, SchemaDialect } from "./provider-profile.js";
export type { McpTool, ServerTool, ToolAnnotations } from "./tool.js";
export type {
  ToolCall,
  ToolContent,
  ToolErrorKind,
  ToolOutcome,
  ToolResult,
  ToolResultTruncation,
} from "./tool-call.js";
export type { TranslationWarning } from "./warning.js";
export type {
  AnthropicToolParam,
  GeminiFunctionDeclarationWire,
  GeminiTool,
  McpWireTool,
  OpenAIChatTool,
  OpenAIResponsesTool,
  ToolsArrayOf,
  WireObjectSchema,
  WireOfTarget,
  WireToolByProvider,
  WireToolByTarget,
} from "./wire-tools.js";
