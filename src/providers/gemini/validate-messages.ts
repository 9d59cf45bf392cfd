import type { ProviderRequestError } from "../../spec/provider-error.js";

/**
 * `contents` rules of Gemini generateContent (docs/provider-rules.md#gemini-messages), as pure checks returning the API's own 400 texts
 * (status `INVALID_ARGUMENT`). Evidence: [O] real API error in a public issue, [S] secondary, [U] inferred.
 */
export interface GeminiMessageRules {
  /** The model from the URL (`models/{model}:generateContent`): Gemini 3+ requires replayed thought signatures. */
  model?: string;
}

type Content = Record<string, unknown>;
type Part = Record<string, unknown>;

const SIGNATURE_DOCS = "https://ai.google.dev/gemini-api/docs/thought-signatures";

export function validateGeminiMessages(
  body: unknown,
  rules: GeminiMessageRules = {},
): ProviderRequestError[] {
  if (!isRecord(body)) return [];
  const contents = Array.isArray(body.contents) ? body.contents : [];
  // [O] e.g. "400 * GenerateContentRequest.contents: contents is not specified" (several public repos)
  if (contents.length === 0)
    return [invalid("* GenerateContentRequest.contents: contents is not specified\n")];
  const errors: ProviderRequestError[] = [];
  contents.forEach((content, index) => {
    const role = isRecord(content) ? (content.role ?? "user") : undefined;
    if (role !== "user" && role !== "model") {
      errors.push(invalid("Please use a valid role: user, model.")); // [S]
      return;
    }
    const parts = partsOf(content);
    if (parts.length === 0) {
      errors.push(
        invalid(`* GenerateContentRequest.contents[${index}].parts: contents.parts must not be empty.\n`),
      ); // [S]
      return;
    }
    const calls = parts.filter((part) => isRecord(part.functionCall)).length;
    const responses = parts.filter((part) => isRecord(part.functionResponse)).length;
    const previous = contents[index - 1];
    if (calls > 0 && (index === 0 || roleOf(previous) !== "user")) {
      // [O] (vercel/ai fixture, several agents)
      errors.push(
        invalid(
          "Please ensure that function call turn comes immediately after a user turn or after a function response turn.",
        ),
      );
    }
    if (responses > 0) {
      const previousCalls = roleOf(previous) === "model" ? countCalls(previous) : 0;
      if (previousCalls === 0) {
        // [O] (google-gemini/generative-ai-js client check and the API)
        errors.push(
          invalid("Please ensure that function response turn comes immediately after a function call turn."),
        );
      } else if (previousCalls !== responses) {
        // [O] regression #39 (google-gemini/gemini-cli#4217)
        errors.push(
          invalid(
            "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.",
          ),
        );
      }
    }
  });
  if (requiresSignatures(rules.model)) errors.push(...checkSignatures(contents));
  return errors;
}

/**
 * Gemini 3: in the current turn (after the last user text), the first functionCall part of every model step must
 * carry the `thoughtSignature` it was sent with. [O] regression #40 (nanbingxyz/5ire#405 and others); "position" is
 * the 1-based index of the model content in `contents`, as in every observed message.
 */
function checkSignatures(contents: unknown[]): ProviderRequestError[] {
  let turnStart = 0;
  contents.forEach((content, index) => {
    if (roleOf(content) === "user" && partsOf(content).some((part) => !isRecord(part.functionResponse))) {
      turnStart = index + 1;
    }
  });
  const errors: ProviderRequestError[] = [];
  for (let index = turnStart; index < contents.length; index++) {
    const content = contents[index];
    if (roleOf(content) !== "model") continue;
    const first = partsOf(content).find((part) => isRecord(part.functionCall));
    if (first === undefined) continue;
    const signature = first.thoughtSignature ?? first.thought_signature;
    if (typeof signature === "string" && signature !== "") continue;
    const name = String((first.functionCall as Part).name);
    errors.push(
      invalid(
        `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${name}\` , position ${index + 1}. Please refer to ${SIGNATURE_DOCS} for more details.`,
      ),
    );
  }
  return errors;
}

function requiresSignatures(model: string | undefined): boolean {
  const major = /^(?:models\/)?gemini-(\d+)/.exec(model ?? "")?.[1];
  return major !== undefined && Number(major) >= 3;
}

function countCalls(content: unknown): number {
  return partsOf(content).filter((part) => isRecord(part.functionCall)).length;
}

function roleOf(content: unknown): unknown {
  return isRecord(content) ? (content.role ?? "user") : undefined;
}

function partsOf(content: unknown): Part[] {
  return isRecord(content) && Array.isArray(content.parts) ? content.parts.filter(isRecord) : [];
}

function invalid(message: string): ProviderRequestError {
  return { provider: "gemini", status: 400, message };
}

function isRecord(value: unknown): value is Content {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
