import type { IncomingHttpHeaders } from "node:http";
import { anthropicCountTokens, anthropicMessages } from "./anthropic-handler.js";
import { geminiCountTokens, geminiGenerateContent, geminiStreamGenerateContent } from "./gemini-handler.js";
import { openaiChatCompletions } from "./openai-chat-handler.js";
import { openaiResponses, openaiResponsesInputTokens } from "./openai-responses-handler.js";
import type { Handler } from "./reply.js";
import type { ProviderName } from "./types.js";

export interface Route {
  provider: ProviderName;
  handler: Handler;
  /** Gemini: the model named in the URL. */
  model?: string;
}

const FIXED: Readonly<Record<string, Route>> = {
  "/v1/messages": { provider: "anthropic", handler: anthropicMessages },
  "/v1/messages/count_tokens": { provider: "anthropic", handler: anthropicCountTokens },
  "/v1/chat/completions": { provider: "openai", handler: openaiChatCompletions },
  "/v1/responses": { provider: "openai", handler: openaiResponses },
  "/v1/responses/input_tokens": { provider: "openai", handler: openaiResponsesInputTokens },
};

/** `@google/genai` builds `{baseUrl}/{apiVersion}/models/{model}:{method}`; apiVersion defaults to v1beta. */
const GEMINI_PATH =
  /^\/(v1beta|v1|v1alpha)\/models\/([^/:]+):(generateContent|countTokens|streamGenerateContent)$/;

export function findRoute(method: string, path: string): Route | undefined {
  if (method !== "POST") return undefined;
  const fixed = FIXED[path];
  if (fixed !== undefined) return fixed;
  const gemini = GEMINI_PATH.exec(path);
  if (gemini === null) return undefined;
  const model = decodeURIComponent(gemini[2]!);
  const handler =
    gemini[3] === "generateContent"
      ? geminiGenerateContent
      : gemini[3] === "countTokens"
        ? geminiCountTokens
        : geminiStreamGenerateContent;
  return { provider: "gemini", handler, model };
}

/** Which provider's error shape an unknown path gets. */
export function providerForPath(path: string): ProviderName {
  if (path.startsWith("/v1/messages")) return "anthropic";
  if (/^\/(v1beta|v1alpha)\//.test(path) || path.startsWith("/v1/models/")) return "gemini";
  return "openai";
}

/** Whether the request carries credentials the way the provider's SDK sends them (any value is accepted). */
export function hasCredentials(
  provider: ProviderName,
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
): boolean {
  const bearer = /^Bearer \S+/.test(headers.authorization ?? "");
  switch (provider) {
    case "anthropic": // SDK 1.x sends `Authorization: Bearer`; raw clients send `x-api-key`.
      return bearer || nonEmpty(headers["x-api-key"]);
    case "openai":
      return bearer;
    case "gemini":
      return bearer || nonEmpty(headers["x-goog-api-key"]) || nonEmpty(query.get("key") ?? undefined);
  }
}

function nonEmpty(value: string | string[] | undefined): boolean {
  return typeof value === "string" && value.trim() !== "";
}
