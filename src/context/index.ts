export { renderAnthropic } from "../providers/anthropic/render-context.js";
export { PLACEHOLDER_THOUGHT_SIGNATURE, renderGemini } from "../providers/gemini/render-context.js";
export { renderOpenAIChat } from "../providers/openai-chat/render-context.js";
export { renderOpenAIResponses } from "../providers/openai-responses/render-context.js";
export {
  getPromptMessages,
  type ReadOptions,
  type ResourceRef,
  readResourceParts,
  userMessageWithResources,
} from "./attach.js";
export { type CompleteFn, type CompletionCatalog, completeChatLine } from "./chat-completion.js";
export {
  type Mention,
  type PromptCommand,
  parseMentions,
  parsePromptCommand,
  splitWords,
} from "./chat-syntax.js";
export {
  type ContextConnection,
  type ContextHost,
  completeArgument,
  connectionOf,
} from "./context-source.js";
export { mergeSameRole } from "./merge-messages.js";
export { type PromptMessages, promptMessages } from "./prompt-messages.js";
export { type RenderedMessages, renderMessages } from "./render.js";
export { type ResourceParts, resourceHeader, resourceParts } from "./resource-parts.js";
export {
  type CompletionLike,
  type CompletionRef,
  type ContextLimits,
  type ContextMessage,
  type ContextPart,
  DEFAULT_CONTEXT_LIMITS,
  type GetPromptResultLike,
  type PromptContentLike,
  type ReadResourceResultLike,
  type ResourceContentsLike,
} from "./types.js";
export { expandUriTemplate, matchUriTemplate, templateVariables } from "./uri-template.js";
