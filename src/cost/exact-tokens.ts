/**
 * EXACT token counts for a tools array, from the provider's own count-tokens endpoint through its official SDK.
 * The tools' share is the count of a one-character request with the tools minus the same request without them,
 * so it includes every hidden tool prompt and framing token the provider adds. Needs the provider's key.
 */
import { SwitchboardError } from "../errors.js";
import { ExactCountUnavailableError } from "./cost-errors.js";

type Env = Readonly<Record<string, string | undefined>>;

/** Wire shapes whose provider counts a tools array exactly, and the variable holding its key. */
const KEY_VARIABLES: Readonly<Record<string, string>> = {
  anthropic: "ANTHROPIC_API_KEY",
  "openai-responses": "OPENAI_API_KEY",
};

/** Why a wire shape has no exact count (shown as a note; the estimate stands). */
const UNSUPPORTED: Readonly<Record<string, string>> = {
  gemini:
    "exact counting of tools is not supported for Gemini: @google/genai's countTokens sends only `contents`, not tools",
  "openai-chat":
    "exact counting is not supported for Chat Completions tools (OpenAI counts only Responses requests); try --provider openai-responses",
  mcp: "exact counting needs a model provider",
};

/** The one-message request both counts share; only the tools differ. */
const PROBE = ".";

export type ExactSupport = { supported: true; variable: string } | { supported: false; reason: string };

export function exactSupportFor(wire: string): ExactSupport {
  const variable = KEY_VARIABLES[wire];
  if (variable !== undefined) return { supported: true, variable };
  return { supported: false, reason: UNSUPPORTED[wire] ?? `exact counting is not supported for ${wire}` };
}

export interface ExactToolsetTokens {
  exact: true;
  /** Input tokens of the probe request with the tools. */
  withTools: number;
  /** Input tokens of the same request without tools. */
  withoutTools: number;
  /** `withTools - withoutTools`: what the tools array costs in one request's input. */
  total: number;
}

export interface ExactCounter {
  /** The endpoint asked, for the report ("anthropic count_tokens"). */
  source: string;
  count(tools: readonly unknown[]): Promise<ExactToolsetTokens>;
}

export interface ExactCounterOptions {
  wire: string;
  model: string;
  env: Env;
  /** For tests and proxies. */
  fetch?: typeof fetch;
}

/**
 * A counter for `wire`'s provider; the request without tools is made once and reused. Throws an
 * `ExactCountUnavailableError` naming the key variable when it is not set, or saying why the wire has no exact
 * count.
 */
export async function createExactCounter(options: ExactCounterOptions): Promise<ExactCounter> {
  const support = exactSupportFor(options.wire);
  if (!support.supported) throw new ExactCountUnavailableError(options.wire, { reason: support.reason });
  if ((options.env[support.variable] ?? "").trim() === "") {
    throw new ExactCountUnavailableError(options.wire, { variable: support.variable });
  }
  const countOnce = await countFunction(options);
  let baseline: Promise<number> | undefined;
  return {
    source: options.wire === "anthropic" ? "anthropic count_tokens" : "openai responses/input_tokens",
    async count(tools) {
      baseline ??= countOnce(undefined);
      const withoutTools = await baseline;
      const withTools = tools.length === 0 ? withoutTools : await countOnce(tools);
      return { exact: true, withTools, withoutTools, total: withTools - withoutTools };
    },
  };
}

type CountOnce = (tools: readonly unknown[] | undefined) => Promise<number>;

async function countFunction(options: ExactCounterOptions): Promise<CountOnce> {
  const { model } = options;
  const clientOptions = {
    env: options.env,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  };
  if (options.wire === "anthropic") {
    const { createAnthropicClient } = await import("../providers/anthropic/anthropic-api.js");
    const client = createAnthropicClient(clientOptions);
    return (tools) =>
      asked("Anthropic count_tokens", async () => {
        const body = {
          model,
          messages: [{ role: "user" as const, content: PROBE }],
          ...(tools === undefined ? {} : { tools: tools as never }),
        };
        return (await client.messages.countTokens(body)).input_tokens;
      });
  }
  const { createOpenAIResponsesClient } = await import(
    "../providers/openai-responses/openai-responses-api.js"
  );
  const client = createOpenAIResponsesClient(clientOptions);
  return (tools) =>
    asked("OpenAI responses/input_tokens", async () => {
      const body = { model, input: PROBE, ...(tools === undefined ? {} : { tools: tools as never }) };
      return (await client.responses.inputTokens.count(body)).input_tokens;
    });
}

async function asked(endpoint: string, call: () => Promise<number>): Promise<number> {
  try {
    return await call();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new SwitchboardError("REQUEST_FAILED", `${endpoint} failed: ${detail}`, { cause: error });
  }
}
