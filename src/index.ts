/**
 * switchboard: an MCP host. Connect many MCP servers, translate their tools for a model provider, answer every
 * tool call. Named exports only; each comes from the layer that owns it.
 *
 * @example
 * ```ts
 * import { anthropicAdapter, connectHost, liveToolset, loadConfig, runAgent } from "switchboard";
 *
 * const config = await loadConfig("./switchboard.json");
 * const host = await connectHost(config);
 * const adapter = anthropicAdapter({ model: "claude-opus-4-8" });
 * const result = await runAgent({
 *   adapter,
 *   host,
 *   buildTools: liveToolset({ catalog: host.catalog, target: adapter.target, config }),
 *   prompt: "What changed in the tickets today?",
 * });
 * console.log(result.text);
 * await host.close();
 * ```
 */

// Types a user names in a loop of their own (issue 21): every option and result type of the exports above.
// Each name from the file that declares it, not a folder's index: an index also re-exports what only the CLI uses.
export type { AgentEvent, AgentEventListener, StopReason } from "./agent/agent-events.js";
export { type LiveToolsetOptions, liveToolset } from "./agent/live-toolset.js";
export {
  type AgentResult,
  type AgentToolCall,
  type AgentToolset,
  type RunAgentOptions,
  runAgent,
  type ToolsetContext,
} from "./agent/run-agent.js";
export type { TokenBudget } from "./agent/stop-conditions.js";
// Connections and the catalogue
export {
  AuthError,
  type AuthorizationHandler,
  AuthorizationRefusedError,
  type AuthorizationResponse,
  type ConnectionAuth,
  type CredentialStore,
  FileCredentialStore,
  HeadlessAuthorization,
  LoopbackAuthorization,
  MemoryCredentialStore,
  type StoredCredentials,
  SwitchboardOAuthProvider,
} from "./auth/index.js";
export type {
  CacheControl,
  CallObservation,
  ConversationObserver,
  ConversationObserverOptions,
  ListChangedPolicy,
  ListChangedPolicyOptions,
  ObservedToolset,
  ToolChange,
  ToolChangeKind,
  ToolsBytesChange,
  ToolsChangeReport,
  ToolsetBytes,
} from "./cache/index.js";
// Cost, prompt caching and the usage ledger
export {
  diffToolsBytes,
  observeConversation,
  toolsCacheOptions,
  withListChangedPolicy,
} from "./cache/index.js";
export type {
  CatalogChange,
  CatalogDiff,
  CatalogEvents,
  CatalogPrompt,
  CatalogPromptArgument,
  CatalogResource,
  CatalogResourceTemplate,
  ServerCatalog,
} from "./catalog/index.js";
export {
  type Catalog,
  type CatalogSnapshot,
  connectHost,
  type Host,
  type HostAuthOptions,
  type HostOptions,
} from "./catalog/index.js";
// Resources, prompts and what servers ask of the client
// Client features, context and session come from their files, not their folders' index: those also hold the
// CLI's terminal forms, chat syntax and helpers, which importing the package would otherwise load.
export { clientFeatures } from "./client-features/client-features.js";
export { RootsRegistry } from "./client-features/roots.js";
// Config
export { credentialsPath } from "./config/credentials-path.js";
export { findConfigFile, loadConfig, parseConfig } from "./config/index.js";
export type {
  AgentConfig,
  HttpServerConfig,
  ServerConfig,
  StdioServerConfig,
  SwitchboardConfig,
  ToolFilter,
} from "./config/types.js";
export {
  type ConnectionPool,
  killServerProcesses,
  ServerConnection,
  type ServerStatus,
} from "./connect/index.js";
export { type PromptMessages, promptMessages } from "./context/prompt-messages.js";
export { type RenderedMessages, renderMessages } from "./context/render.js";
export { type ResourceParts, resourceParts } from "./context/resource-parts.js";
export type { ContextLimits, ContextMessage, ContextPart } from "./context/types.js";
// Cost, ledger and search come from their files, not their folders' index: those also hold the CLI's reports
// and the search evaluation, which importing the package would otherwise load.
export { estimateToolsetTokens } from "./cost/estimate-tokens.js";
export { PRICES, priceFor } from "./cost/price-table.js";
export { whatIf } from "./cost/what-if.js";
export type {
  Answer,
  AnswerContext,
  AnswerOptions,
  ApprovalAnswer,
  ApprovalDecision,
  ApprovalRequest,
  ApprovalRule,
  CallHooks,
  DirectAnswer,
  DispatchCallOptions,
  DispatchCatalog,
  DispatchHost,
  DispatchToolset,
  McpCallResultLike,
  ResponseOf,
  ResponseWire,
  ToolsetResolution,
} from "./dispatch/index.js";
// Dispatch and the loop
export {
  type ApprovalHook,
  type ApprovalPolicy,
  answerResponse,
  type DispatchContext,
  dispatchToolCalls,
  WireMismatchError,
} from "./dispatch/index.js";
// Errors
export {
  ConfigError,
  type ConfigIssue,
  ConnectionError,
  type ErrorCode,
  isSwitchboardError,
  StreamInterruptedError,
  SwitchboardError,
} from "./errors.js";
// The gateway is `switchboard/gateway`: it brings the MCP server SDK, which a host never needs.
export { LedgerError } from "./ledger/ledger-error.js";
export { defaultLedgerPath } from "./ledger/ledger-path.js";
export { recordConversation } from "./ledger/record-usage.js";
export { openLedger } from "./ledger/usage-ledger.js";
// Local tools: the user's own function tools (JSON Schema or zod, plus execute) beside MCP tools.
export {
  type JsonSchemaToolDefinition,
  LOCAL_TOOLS_SERVER,
  type LocalTool,
  type LocalToolContext,
  type LocalToolReturn,
  localTool,
  type ZodToolDefinition,
} from "./local-tools/index.js";
// Translation
export { NameHistory, type NameSighting } from "./naming/name-history.js";
export { buildNameTable, type NameTable } from "./naming/name-table.js";
export { LOCK_FILE_NAME, type LockFile, readLockFile, writeLockFile } from "./pinning/lock-file.js";
export { type PinnedCatalog, pinnedCatalog } from "./pinning/pinned-catalog.js";
export type { AnthropicAdapter, AnthropicAdapterOptions } from "./providers/anthropic/anthropic-adapter.js";
export { anthropicAdapter } from "./providers/anthropic/anthropic-adapter.js";
export type { GeminiAdapter, GeminiAdapterOptions } from "./providers/gemini/gemini-adapter.js";
export { geminiAdapter } from "./providers/gemini/gemini-adapter.js";
export type {
  OpenAIChatAdapter,
  OpenAIChatAdapterOptions,
} from "./providers/openai-chat/openai-chat-adapter.js";
export { openaiChatAdapter } from "./providers/openai-chat/openai-chat-adapter.js";
export type { OpenAICompatibleAdapterOptions } from "./providers/openai-compatible/openai-compatible-adapter.js";
export { openaiCompatibleAdapter } from "./providers/openai-compatible/openai-compatible-adapter.js";
export type {
  OpenAIResponsesAdapter,
  OpenAIResponsesAdapterOptions,
} from "./providers/openai-responses/openai-responses-adapter.js";
export { openaiResponsesAdapter } from "./providers/openai-responses/openai-responses-adapter.js";
export { PROFILES } from "./providers/profiles.js";
export type { WireShape } from "./providers/targets.js";
export { TARGETS, type Target, type TargetId } from "./providers/targets.js";
export { validateTargetTools } from "./providers/validate-target-tools.js";
export { type RepairResult, repairSchema } from "./schema/index.js";
// Tool search
export { FACADE_TOOLS } from "./search/facade-tools.js";
export {
  createHybridToolIndex,
  type Embedder,
  type HybridOptions,
  type HybridToolIndex,
} from "./search/hybrid-index.js";
export { type OpenAiEmbedderOptions, openAiEmbedder } from "./search/openai-embedder.js";
export { DEFAULT_SEARCH_CONFIG, LEXICAL_SEARCH_CONFIG, type SearchConfig } from "./search/search-config.js";
export { createToolIndex, type SearchHit, type ToolIndex } from "./search/tool-index.js";
export { parseWordVectors, type WordVectors } from "./search/word-vectors.js";
// One session with the CLI's defaults
export type { OpenSessionOptions } from "./session/open-session.js";
// Its implementation loads at the first session, not with the package.
export { openSession } from "./session/open-session-on-demand.js";
export type { ContextItem, Session, SessionRunOptions } from "./session/session.js";
// Provider-neutral types
export type * from "./spec/index.js";
export type { EffectiveMode, ToolSearchOptions } from "./toolsearch/index.js";
export { type SearchToolset, type ToolSearchMode, toolSearchToolset } from "./toolsearch/index.js";
export {
  type BuildToolsetOptions,
  buildToolset,
  type Toolset,
  type ToolsetEntry,
} from "./toolset/build-toolset.js";
export { type CheckReport, checkTools } from "./toolset/check-tools.js";
export { selectTools } from "./toolset/select-tools.js";
// Public because `buildToolset`'s `cache` option takes one: a loop that rebuilds its own toolsets keeps one per stream.
export { ToolTranslationCache } from "./toolset/translation-cache.js";
