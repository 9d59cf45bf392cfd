export {
  type Answer,
  type AnswerContext,
  type AnswerOptions,
  answerResponse,
  type ResponseOf,
  type ResponseWire,
} from "./answer-response.js";
export {
  type ApprovalAnswer,
  type ApprovalDecision,
  type ApprovalHook,
  type ApprovalPolicy,
  type ApprovalRequest,
  type ApprovalRule,
  askApproval,
  decideApproval,
} from "./approval.js";
export { type CallFailure, describeCallFailure } from "./describe-call-failure.js";
export { DEFAULT_MAX_RESULT_TOKENS, DIRECT_RESOLUTION, dispatchToolCalls } from "./dispatch-tool-calls.js";
export { type MappedResult, mapMcpResult } from "./map-mcp-result.js";
export { findRemoval, type Removal, type RemovalLog, removalLogFor, trackRemovals } from "./removal-log.js";
export { stripStrictNulls } from "./strip-strict-nulls.js";
export { type TruncatedContent, truncateContent } from "./truncate-result.js";
export type {
  CallHooks,
  DirectAnswer,
  DispatchCallOptions,
  DispatchCatalog,
  DispatchContext,
  DispatchHost,
  DispatchToolset,
  McpCallResultLike,
  ToolsetResolution,
} from "./types.js";
export { WireMismatchError } from "./wire-mismatch-error.js";
