/**
 * Public types of the strict provider emulator. A script plays the model; the emulator plays the provider's
 * HTTP API around it (validation, error texts, ids, stop reasons, usage, prompt cache).
 */

/** One tool call the scripted model makes. */
export interface ToolCallSpec {
  name: string;
  arguments: Record<string, unknown>;
  /**
   * Call it even though the request does not offer it, as real models do with a name an earlier turn offered
   * (a tool a list_changed has since removed). Default false: calling a tool the request lacks is a script error.
   */
  unoffered?: boolean;
}

/** What the scripted model answers for one request: text, tool calls, or both. */
export interface Turn {
  text?: string;
  toolCalls?: ToolCallSpec[];
  /**
   * Anthropic only: answer the turn's first request with `stop_reason: "pause_turn"` and this text (a server tool
   * paused a long turn); the request that sends the paused turn back gets the rest of this turn.
   */
  pauseFirst?: string;
}

/** A model as a function of the (provider-neutral) request it receives. */
export type Policy = (view: RequestView) => Turn;

/**
 * The model. An array answers the n-th assistant turn of a conversation with its n-th element (n counted from the
 * request's own history, so retries, count-tokens calls and parallel conversations do not shift it); an element
 * may itself be a policy. A function answers every request.
 */
export type Script = readonly (Turn | Policy)[] | Policy;

/** The provider APIs the emulator speaks. */
export type ApiKind = "anthropic" | "openai-chat" | "openai-responses" | "gemini";

/** A tool call a script asks the emulator to make, in any API's shape. */
export interface NeutralToolCall {
  id: string;
  name: string;
  arguments: unknown;
}

/** A tool result the emulator read from a request, whatever API it came in. */
export interface NeutralToolResult {
  /** The call id the result answers (Gemini without ids: the function name). */
  id: string;
  /** The called tool's name, looked up from the call when the wire format does not repeat it. */
  name: string;
  isError: boolean;
  /** Text content of the result (text blocks joined with newlines; non-text JSON-encoded). */
  text: string;
}

/** One conversation turn, whatever the wire format (OpenAI `tool` messages fold into a user turn). */
export interface NeutralMessage {
  role: "user" | "assistant";
  text: string;
  toolCalls: NeutralToolCall[];
  toolResults: NeutralToolResult[];
}

/** A provider-neutral reading of one generate request, handed to the script. */
export interface RequestView {
  api: ApiKind;
  model: string;
  /** System prompt / instructions text. */
  system: string;
  /** Names of the function tools offered. */
  tools: string[];
  messages: NeutralMessage[];
  /** Tool results in the last message (empty when the last message is not a user turn carrying results). */
  toolResults: NeutralToolResult[];
  /**
   * Number of assistant turns already in the conversation (0 for the first request). A request continuing a paused
   * turn (Anthropic, its last message from the assistant) does not count that unfinished turn.
   */
  turnIndex: number;
  /** The request sends a paused assistant turn back to be continued (Anthropic `pause_turn`). */
  continuation?: boolean;
  /** The request body exactly as received. */
  body: unknown;
}

/** The provider a recorded request was sent to. */
export type ProviderName = "anthropic" | "openai" | "gemini";

/** One request the emulator received, recorded for a test to assert on. */
export interface RecordedRequest {
  provider: ProviderName;
  method: string;
  /** Path without the query string, e.g. `/v1/messages`. */
  path: string;
  /** Parsed JSON body (the raw text when it was not JSON). Headers are not recorded: they carry keys. */
  body: unknown;
  status: number;
  /** The JSON the emulator answered (for a stream, the equivalent non-streamed response). */
  response: unknown;
}

/** Options for `startEmulator`: the script that answers, and the port, limits and clock. */
export interface EmulatorOptions {
  script: Script;
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Longest Anthropic tool name: 128 (default, since 2026-03) or 64 (the 2025 rule). */
  anthropicNameMaxLength?: 64 | 128;
  /** Clock for prompt-cache TTLs, in milliseconds (default `Date.now`). */
  now?: () => number;
  /** Override minimum cacheable prompt lengths by Anthropic model id (tokens). */
  anthropicCacheMinimums?: Readonly<Record<string, number>>;
  /**
   * Pause between two events of a streamed answer, in milliseconds (default 0: each event is still its own
   * write). A test that aborts mid-stream or watches text arrive before the turn ends sets a few milliseconds.
   */
  streamEventDelayMs?: number;
}

/** A running emulator: the base URLs to point each official SDK at, and every request it got. */
export interface Emulator {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Base URLs to hand to each official SDK client. */
  baseUrls: { anthropic: string; openai: string; gemini: string };
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}
