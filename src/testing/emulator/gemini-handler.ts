import { validateGeminiMessages } from "../../providers/gemini/validate-messages.js";
import type { ProviderRequestError } from "../../spec/provider-error.js";
import { geminiStream } from "./gemini-stream.js";
import { geminiView } from "./gemini-view.js";
import { ids } from "./ids.js";
import { type EmulatorState, type Reply, rejection, runScript } from "./reply.js";
import { estimateTokens } from "./tokens.js";
import { validateGeminiTools } from "./tool-validators.js";
import { isRecord } from "./view-helpers.js";

/** Gemini 3+ returns a thought signature with its function calls and wants it back. */
const SIGNING_MODEL = /^gemini-([3-9]|\d{2,})/;

/** `POST /v1beta/models/{model}:generateContent` */
export function geminiGenerateContent(
  body: Record<string, unknown>,
  state: EmulatorState,
  model = "",
): Reply {
  const error = requestErrors(body, model)[0];
  if (error !== undefined) return rejection(error);
  const outcome = runScript("gemini", state, geminiView(body, model));
  if ("reply" in outcome) return outcome.reply;
  const { turn } = outcome;

  const parts: Record<string, unknown>[] = [];
  if (turn.text !== undefined) parts.push({ text: turn.text });
  (turn.toolCalls ?? []).forEach((call, index) => {
    const signature =
      index === 0 && SIGNING_MODEL.test(model) ? { thoughtSignature: ids.thoughtSignature() } : {};
    parts.push({ functionCall: { name: call.name, args: call.arguments }, ...signature });
  });
  const promptTokens = countPrompt(body);
  const candidateTokens = estimateTokens(parts);
  return {
    status: 200,
    body: {
      candidates: [{ content: { parts, role: "model" }, finishReason: "STOP", index: 0 }],
      usageMetadata: {
        promptTokenCount: promptTokens,
        candidatesTokenCount: candidateTokens,
        totalTokenCount: promptTokens + candidateTokens,
        promptTokensDetails: [{ modality: "TEXT", tokenCount: promptTokens }],
      },
      modelVersion: model,
      responseId: ids.geminiResponse(),
    },
  };
}

/** `POST /v1beta/models/{model}:streamGenerateContent?alt=sse`: the same answer, sent as chunks (errors as JSON). */
export function geminiStreamGenerateContent(
  body: Record<string, unknown>,
  state: EmulatorState,
  model = "",
): Reply {
  const reply = geminiGenerateContent(body, state, model);
  if (reply.status !== 200 || !isRecord(reply.body)) return reply;
  return { ...reply, stream: geminiStream(reply.body) };
}

/** `POST /v1beta/models/{model}:countTokens`: `{contents}` or `{generateContentRequest}`. */
export function geminiCountTokens(body: Record<string, unknown>, _state: EmulatorState, model = ""): Reply {
  const request = isRecord(body.generateContentRequest) ? body.generateContentRequest : body;
  const error = requestErrors(request, model)[0];
  if (error !== undefined) return rejection(error);
  const total = countPrompt(request);
  return {
    status: 200,
    body: { totalTokens: total, promptTokensDetails: [{ modality: "TEXT", tokenCount: total }] },
  };
}

function requestErrors(body: Record<string, unknown>, model: string): ProviderRequestError[] {
  const errors: ProviderRequestError[] = [];
  if (body.tools !== undefined) errors.push(...validateGeminiTools(body.tools));
  errors.push(...validateGeminiMessages(body, { model }));
  return errors;
}

function countPrompt(body: Record<string, unknown>): number {
  return estimateTokens([body.systemInstruction ?? "", body.tools ?? [], body.contents ?? []]);
}
