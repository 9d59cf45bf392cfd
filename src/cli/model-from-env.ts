/**
 * Which model `run` and `chat` talk to: `--provider`, else the first provider whose key is in the environment,
 * with a default model per provider. The adapter module (and its SDK) is imported only once chosen.
 */
import { DEFAULT_MODELS as COST_DEFAULTS, DEFAULT_MODELS_CHECKED_ON } from "../cost/default-models.js";
import { SwitchboardError } from "../errors.js";
import type { ModelAdapter } from "../spec/model-adapter.js";

export type CliProvider =
  | "anthropic"
  | "openai"
  | "openai-responses"
  | "openai-chat"
  | "gemini"
  | "openai-compatible";

export const CLI_PROVIDERS: readonly CliProvider[] = [
  "anthropic",
  "openai",
  "openai-responses",
  "openai-chat",
  "gemini",
  "openai-compatible",
];

/**
 * Default models, `--model` overrides: the same table `cost` and `inspect` price (`cost/default-models.ts`), so
 * what a report prices is what `run` sends to.
 */
export const DEFAULT_MODELS = {
  checkedOn: DEFAULT_MODELS_CHECKED_ON,
  anthropic: COST_DEFAULTS.anthropic,
  openai: COST_DEFAULTS.openai,
  gemini: COST_DEFAULTS.gemini,
} as const;

type Env = Readonly<Record<string, string | undefined>>;

/** The variables that select a provider when `--provider` is absent, in order of preference. */
const DETECTION: readonly { provider: CliProvider; variables: readonly string[] }[] = [
  { provider: "anthropic", variables: ["ANTHROPIC_API_KEY"] },
  { provider: "openai", variables: ["OPENAI_API_KEY"] },
  { provider: "gemini", variables: ["GEMINI_API_KEY", "GOOGLE_API_KEY"] },
  { provider: "openai-compatible", variables: ["OPENAI_COMPATIBLE_BASE_URL"] },
];

export interface ModelChoice {
  provider: CliProvider;
  model: string;
}

export interface ChooseOptions {
  provider?: string;
  model?: string;
  /** `--dry-run` needs no key: without one it shows what Anthropic would receive. */
  dryRun?: boolean;
}

/** Pure: the provider and model for these options and this environment, or a USAGE error saying what to set. */
export function chooseModel(options: ChooseOptions, env: Env): ModelChoice {
  const provider =
    options.provider === undefined ? detect(env, options.dryRun === true) : parse(options.provider);
  const model = options.model ?? defaultModel(provider);
  if (model === undefined) {
    throw new SwitchboardError("USAGE", `--provider ${provider} has no default model: pass --model`);
  }
  return { provider, model };
}

function parse(value: string): CliProvider {
  const found = CLI_PROVIDERS.find((provider) => provider === value);
  if (found !== undefined) return found;
  throw new SwitchboardError(
    "USAGE",
    `Unknown provider "${value}"; expected one of: ${CLI_PROVIDERS.join(", ")}`,
  );
}

function detect(env: Env, dryRun: boolean): CliProvider {
  for (const { provider, variables } of DETECTION) {
    if (variables.some((variable) => (env[variable] ?? "").trim() !== "")) return provider;
  }
  if (dryRun) return "anthropic";
  throw new SwitchboardError(
    "USAGE",
    "No model provider key is set: export ANTHROPIC_API_KEY, OPENAI_API_KEY or GEMINI_API_KEY (or OPENAI_COMPATIBLE_BASE_URL for a local server), or try --dry-run",
  );
}

function defaultModel(provider: CliProvider): string | undefined {
  switch (provider) {
    case "anthropic":
      return DEFAULT_MODELS.anthropic;
    case "openai":
    case "openai-responses":
    case "openai-chat":
      return DEFAULT_MODELS.openai;
    case "gemini":
      return DEFAULT_MODELS.gemini;
    case "openai-compatible":
      return undefined;
  }
}

export interface AdapterOptions {
  env: Env;
  /** `--base-url`: the provider's endpoint instead of its variable. */
  baseUrl?: string;
  /** Replaces the network (`--dry-run` capture); a placeholder key is used when none is set. */
  fetch?: typeof fetch;
}

// biome-ignore lint/suspicious/noExplicitAny: the CLI handles every provider's messages opaquely.
export type AnyAdapter = ModelAdapter<any, any>;

/** Creates the adapter, importing only the chosen provider's SDK. Throws a USAGE error naming a missing key. */
export async function createAdapter(choice: ModelChoice, options: AdapterOptions): Promise<AnyAdapter> {
  const { model } = choice;
  const env = options.fetch === undefined ? options.env : withPlaceholderKeys(options.env);
  const common = {
    env,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch, maxRetries: 0 }),
  };
  switch (choice.provider) {
    case "anthropic": {
      const { anthropicAdapter } = await import("../providers/anthropic/anthropic-adapter.js");
      const baseURL = options.baseUrl === undefined ? {} : { baseURL: options.baseUrl };
      return anthropicAdapter({ model, clientOptions: { ...common, ...baseURL } });
    }
    case "openai":
    case "openai-responses": {
      const { openaiResponsesAdapter } = await import(
        "../providers/openai-responses/openai-responses-adapter.js"
      );
      const baseURL = options.baseUrl === undefined ? {} : { baseURL: options.baseUrl };
      return openaiResponsesAdapter({ model, clientOptions: { ...common, ...baseURL } });
    }
    case "openai-chat": {
      const { openaiChatAdapter } = await import("../providers/openai-chat/openai-chat-adapter.js");
      const baseURL = options.baseUrl === undefined ? {} : { baseURL: options.baseUrl };
      return openaiChatAdapter({ model, clientOptions: { ...common, ...baseURL } });
    }
    case "gemini": {
      const { geminiAdapter } = await import("../providers/gemini/gemini-adapter.js");
      const baseUrl = options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl };
      return geminiAdapter({ model, clientOptions: { ...common, ...baseUrl } });
    }
    case "openai-compatible": {
      const { openaiCompatibleAdapter } = await import(
        "../providers/openai-compatible/openai-compatible-adapter.js"
      );
      const baseURL = options.baseUrl === undefined ? {} : { baseURL: options.baseUrl };
      const placeholder =
        options.fetch !== undefined && baseURL.baseURL === undefined && !env.OPENAI_COMPATIBLE_BASE_URL
          ? { baseURL: "http://localhost:11434/v1" }
          : {};
      return openaiCompatibleAdapter({ model, clientOptions: { ...common, ...placeholder, ...baseURL } });
    }
  }
}

/** A dry run sends nothing, so a missing key is filled with a placeholder that never leaves the process. */
function withPlaceholderKeys(env: Env): Env {
  const filled: Record<string, string | undefined> = { ...env };
  for (const variable of ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY"]) {
    if ((filled[variable] ?? "").trim() === "" && !(variable === "GEMINI_API_KEY" && filled.GOOGLE_API_KEY)) {
      filled[variable] = "dry-run";
    }
  }
  return filled;
}
