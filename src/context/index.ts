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
export { renderAnthropic } from "./render-anthropic.js";
export { PLACEHOLDER_THOUGHT_SIGNATURE, renderGemini } from "./render-gemini.js";
export { renderOpenAIChat } from "./render-openai-chat.js";
export { renderOpenAIResponses } from "./render-openai-responses.js";
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
