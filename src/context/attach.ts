/**
 * The two things a user brings into a conversation besides text: resources (read, turned into parts) and
 * prompts (expanded into messages). Both end as neutral messages; `renderMessages` makes them provider messages.
 */
import type { TranslationWarning } from "../spec/warning.js";
import { type ContextHost, connectionOf } from "./context-source.js";
import { mergeSameRole } from "./merge-messages.js";
import { type PromptMessages, promptMessages } from "./prompt-messages.js";
import { resourceParts } from "./resource-parts.js";
import type { ContextLimits, ContextMessage, ContextPart } from "./types.js";

export interface ResourceRef {
  server: string;
  uri: string;
}

export interface ReadOptions {
  limits?: Partial<ContextLimits>;
  signal?: AbortSignal;
}

/** Reads one resource and returns its parts (header, text or media, notes). */
export async function readResourceParts(
  host: ContextHost,
  ref: ResourceRef,
  options: ReadOptions = {},
): Promise<{ parts: ContextPart[]; warnings: TranslationWarning[] }> {
  const result = await connectionOf(host, ref.server).readResource(
    ref.uri,
    options.signal === undefined ? {} : { signal: options.signal },
  );
  return resourceParts(result.contents, options.limits);
}

/**
 * One user message: `text` followed by every resource, in order. A resource that cannot be read becomes a line
 * saying why (and a warning), so one bad mention does not lose the message.
 */
export async function userMessageWithResources(
  host: ContextHost,
  text: string,
  resources: readonly ResourceRef[],
  options: ReadOptions = {},
): Promise<{ message: ContextMessage; warnings: TranslationWarning[] }> {
  const parts: ContextPart[] = text === "" ? [] : [{ type: "text", text }];
  const warnings: TranslationWarning[] = [];
  for (const ref of resources) {
    try {
      const read = await readResourceParts(host, ref, options);
      parts.push(...read.parts);
      warnings.push(...read.warnings);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      warnings.push({
        code: "resource-unreadable",
        path: ref.uri,
        message: `${ref.server}:${ref.uri}: ${reason}`,
      });
      parts.push({
        type: "text",
        text: `[Resource ${ref.uri} from ${ref.server} could not be read: ${reason}]`,
      });
    }
  }
  return { message: { role: "user", parts }, warnings };
}

/** `prompts/get` with arguments, expanded into neutral messages (roles kept, same-role runs merged). */
export async function getPromptMessages(
  host: ContextHost,
  server: string,
  prompt: string,
  args: Record<string, string> = {},
  options: ReadOptions = {},
): Promise<PromptMessages> {
  const result = await connectionOf(host, server).getPrompt(
    prompt,
    args,
    options.signal === undefined ? {} : { signal: options.signal },
  );
  const expanded = promptMessages(result, options.limits);
  return { messages: mergeSameRole(expanded.messages), warnings: expanded.warnings };
}
