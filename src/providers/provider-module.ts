/**
 * What one wire format's folder provides, behind one interface: every place that used to `switch` on a provider
 * asks the registry for the module and calls it. A module loads no provider SDK when imported: the API call and
 * the count-tokens call import theirs on first use.
 */
import type { ContextMessage, RenderedMessages } from "../spec/context.js";
import type { ModelAdapter } from "../spec/model-adapter.js";
import type { CacheControl, PreparedTool } from "../spec/prepared-tool.js";
import type { ProviderRequestError } from "../spec/provider-error.js";
import type { FamilyOf, ModelProviderId, ProviderId } from "../spec/provider-id.js";
import type { McpTool } from "../spec/tool.js";
import type { ToolCall, ToolResult } from "../spec/tool-call.js";
import type { TranslationWarning } from "../spec/warning.js";
import type { Target } from "./targets.js";

/**
 * How a wire format lays its tools array out. `prefix`, `suffix` and `empty` join per-tool bytes into exactly
 * what `JSON.stringify` of the wrapped array gives.
 */
export interface ToolsArrayLayout {
  prefix: string;
  suffix: string;
  empty: string;
  /** The tools array holding these per-tool definitions (Gemini: one `functionDeclarations` wrapper). */
  wrap(definitions: readonly unknown[]): unknown[];
  /** The per-tool definitions of a tools array in this layout (the inverse of `wrap`). */
  definitions(tools: readonly unknown[]): unknown[];
}

/** What a tool's wire definition depends on besides the prepared tool itself. */
export interface WireToolOptions {
  target: Target;
  /** The catalogue tool it came from (the MCP wire keeps its title and annotations). */
  source: McpTool;
  /** A cache breakpoint on this definition (only where `cacheBreakpoints` is true). */
  cacheControl?: CacheControl;
}

/** Whether the provider counts a tools array exactly, and how. */
export type CountTokensSupport =
  | {
      supported: true;
      /** The variable holding the key the count needs. */
      variable: string;
      /** The endpoint asked, for reports ("anthropic count_tokens"). */
      source: string;
      /** A function counting the input tokens of the one-message `probe` request, with or without `tools`. */
      counter(options: CountTokensOptions): Promise<CountOnce>;
    }
  | { supported: false; reason: string };

/** Input tokens of the probe request, with these tools or (`undefined`) without any. */
export type CountOnce = (tools: readonly unknown[] | undefined) => Promise<number>;

/** What a count-tokens client is made with. */
export interface CountTokensOptions {
  model: string;
  /** The text of the one user message both counts share. */
  probe: string;
  env: Readonly<Record<string, string | undefined>>;
  /** For tests and proxies. */
  fetch?: typeof fetch;
}

/** The tool half every wire format has, `mcp` included. */
export interface ToolsModule<P extends ProviderId = ProviderId> {
  readonly id: P;
  readonly family: FamilyOf<P>;
  readonly layout: ToolsArrayLayout;
  /** Whether the last tool of an array may carry a cache breakpoint (Anthropic `cache_control`). */
  readonly cacheBreakpoints: boolean;
  /** One tool's wire definition (tools are mapped independently of each other). */
  wireTool(tool: PreparedTool, options: WireToolOptions): unknown;
  /** The provider's own verdict on a whole tools array in this layout, as the provider would word it. */
  validateTools(tools: unknown, target: Target): ProviderRequestError[];
  /** Exact token counting of a tools array through the provider's API. */
  readonly countTokens: CountTokensSupport;
  /** Image media types the provider takes inline. */
  readonly imageTypes: ReadonlySet<string>;
  /** The provider's dated rules, when its folder has them (wired by the rules tables). */
  readonly rules?: unknown;
}

/** Results converted for the next request, in the order to append them after the assistant turn. */
export interface ConvertedResults {
  append: unknown[];
  warnings: TranslationWarning[];
}

/** Options some wire formats' result converters take. */
export interface ConvertResultsOptions {
  /** Gemini only: multimodal function responses (Gemini 3+). */
  gemini?: { inlineMedia?: boolean };
}

/** How the CLI makes one model adapter for this wire format (its SDK is imported only when chosen). */
export interface AdapterEntry {
  /** The `--provider` name (`openai` and `openai-responses` name the same adapter). */
  readonly name: string;
  /** Whose default model applies; absent when there is no default (a local server). */
  readonly defaultModelFamily?: "anthropic" | "openai" | "gemini";
  create(options: AdapterCreateOptions): Promise<ModelAdapter<unknown, unknown>>;
}

/** What the CLI passes to an adapter entry. */
export interface AdapterCreateOptions {
  model: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The endpoint instead of the provider's variable. */
  baseUrl?: string;
  /** Replaces the network (`--dry-run` capture); retries are off then. */
  fetch?: typeof fetch;
}

/** A wire format a model answers in: the tool half plus the response half. */
export interface ModelModule<P extends ModelProviderId = ModelProviderId> extends ToolsModule<P> {
  /** The tool calls of a response, in order. */
  readToolCalls(response: unknown): ToolCall[];
  /** Every call's result in the provider's shape and position. */
  convertToolResults(
    calls: readonly ToolCall[],
    results: readonly ToolResult[],
    options?: ConvertResultsOptions,
  ): ConvertedResults;
  /** Neutral context messages as this provider's messages. */
  renderContext(messages: readonly ContextMessage[]): RenderedMessages;
  /** The provider's own verdict on a request body's messages (its validator is imported on the first check). */
  validateMessages(body: unknown): Promise<ProviderRequestError[]>;
  /** The CLI's adapters that speak this wire format. */
  readonly adapters: readonly AdapterEntry[];
}

/** The module of wire format `P`: a model module for a model wire, the tool half for `mcp`. */
export type ProviderModule<P extends ProviderId = ProviderId> = P extends ModelProviderId
  ? ModelModule<P>
  : ToolsModule<P>;
