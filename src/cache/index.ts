/** Prompt-cache stability: breakpoints, the minimum cacheable prefix, tools-bytes changes and the list_changed policy. */
export { type CacheControl, toolsCacheOptions } from "./cache-breakpoints.js";
export {
  LIST_CHANGED_POLICIES,
  type ListChangedPolicy,
  type ListChangedPolicyOptions,
  parseListChangedPolicy,
  withListChangedPolicy,
} from "./list-changed-policy.js";
export {
  type CallObservation,
  type ConversationObserver,
  type ConversationObserverOptions,
  type ObservedToolset,
  observeConversation,
  type ToolsChangeReport,
} from "./observe-conversation.js";
export { type CachePrefixEstimate, cachePrefixEstimate, cachePrefixWarning } from "./prefix-minimum.js";
export {
  diffToolsBytes,
  type ToolChange,
  type ToolChangeKind,
  type ToolsBytesChange,
  type ToolsetBytes,
} from "./tools-diff.js";
