/**
 * The provider-neutral form resources, prompts and sampling requests are turned into before they become a
 * provider's messages. Structural copies of the MCP shapes this layer reads, so it needs no MCP SDK import.
 */
import type { ToolContent } from "./tool-call.js";
import type { TranslationWarning } from "./warning.js";

/** One piece of a message. Binary data is base64. */
export type ContextPart =
  | { type: "text"; text: string }
  /** `source` names where it came from (a resource URI) for descriptions and file names. */
  | { type: "image"; data: string; mimeType: string; source?: string }
  | { type: "audio"; data: string; mimeType: string; source?: string }
  /** A PDF. */
  | { type: "document"; data: string; mimeType: string; source?: string }
  /** Sampling only: a call the assistant made earlier (its name as the server knows the tool). */
  | { type: "tool-call"; id: string; name: string; arguments: Record<string, unknown> }
  /** Sampling only: the answer to an earlier call. */
  | { type: "tool-result"; callId: string; name: string; isError: boolean; content: ToolContent[] };

/** A provider-neutral message of context (resources, prompts, text) for `renderMessages`. */
export interface ContextMessage {
  role: "user" | "assistant";
  parts: ContextPart[];
}

/** Size caps: anything larger is cut (text) or described (binary), with a note saying so. */
export interface ContextLimits {
  /** Characters of one text resource. Default 100,000. */
  maxTextChars: number;
  /** Decoded bytes of one image. Default 5 MB (Anthropic's per-image limit). */
  maxImageBytes: number;
  /** Decoded bytes of one PDF. Default 32 MB (Anthropic's request limit). */
  maxDocumentBytes: number;
  /** Decoded bytes of one audio clip. Default 20 MB. */
  maxAudioBytes: number;
}

export const DEFAULT_CONTEXT_LIMITS: Readonly<ContextLimits> = Object.freeze({
  maxTextChars: 100_000,
  maxImageBytes: 5 * 1024 * 1024,
  maxDocumentBytes: 32 * 1024 * 1024,
  maxAudioBytes: 20 * 1024 * 1024,
});

/** MCP `TextResourceContents | BlobResourceContents`. */
export interface ResourceContentsLike {
  uri: string;
  mimeType?: string | undefined;
  text?: string | undefined;
  blob?: string | undefined;
}

/** MCP `ReadResourceResult`. */
export interface ReadResourceResultLike {
  contents: readonly ResourceContentsLike[];
}

/** MCP `ContentBlock` as prompts carry it. */
export type PromptContentLike =
  | { type: "text"; text: string }
  | { type: "image" | "audio"; data: string; mimeType: string }
  | { type: "resource"; resource: ResourceContentsLike }
  | {
      type: "resource_link";
      uri: string;
      name: string;
      title?: string | undefined;
      description?: string | undefined;
      mimeType?: string | undefined;
    };

/** MCP `GetPromptResult`. */
export interface GetPromptResultLike {
  description?: string | undefined;
  messages: readonly { role: "user" | "assistant"; content: PromptContentLike | { type: string } }[];
}

/** MCP `CompleteResult["completion"]`. */
export interface CompletionLike {
  values: string[];
  total?: number | undefined;
  hasMore?: boolean | undefined;
}

/** MCP completion references. */
export type CompletionRef = { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string };

/** Messages rendered for one provider, and what could not travel as itself. */
export interface RenderedMessages<Message = unknown> {
  messages: Message[];
  /** What could not travel as itself (it was described in text). */
  warnings: TranslationWarning[];
}
