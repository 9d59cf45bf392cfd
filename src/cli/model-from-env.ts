/**
 * Which model `run` and `chat` talk to: `--provider`, else the first provider whose key is in the environment,
 * with a default model per provider. The adapter module (and its SDK) is imported only once chosen.
 */
import { DEFAULT_MODELS as COST_DEFAULTS, DEFAULT_MODELS_CHECKED_ON } from "../cost/default-models.js";
import { SwitchboardError } from "../errors.js";
import { adapterEntry } from "../providers/registry.js";
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
  const family = adapterEntry(provider)?.defaultModelFamily;
  return family === undefined ? undefined : DEFAULT_MODELS[family];
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
  const entry = adapterEntry(choice.provider);
  if (entry === undefined) throw new SwitchboardError("USAGE", `Unknown provider "${choice.provider}"`);
  const env = options.fetch === undefined ? options.env : withPlaceholderKeys(options.env);
  return entry.create({
    model: choice.model,
    env,
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
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
