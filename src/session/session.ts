/**
 * What `openSession` returns: the agent loop over the session's servers and tools, keeping the conversation
 * between runs, and the servers' resources and prompts turned into the model's own messages.
 */
import type { AgentEvent, AgentEventListener } from "../agent/agent-events.js";
import { type AgentResult, runAgent, type ToolsetContext } from "../agent/run-agent.js";
import type { TokenBudget } from "../agent/stop-conditions.js";
import type { Host } from "../catalog/host.js";
import type { SwitchboardConfig } from "../config/types.js";
import { getPromptMessages, readResourceParts } from "../context/attach.js";
import { connectionOf } from "../context/context-source.js";
import { mergeSameRole } from "../context/merge-messages.js";
import { renderMessages } from "../context/render.js";
import type {
  ContextLimits,
  ContextMessage,
  GetPromptResultLike,
  ReadResourceResultLike,
  RenderedMessages,
} from "../context/types.js";
import type { ApprovalPolicy } from "../dispatch/approval.js";
import type { DispatchHost } from "../dispatch/types.js";
import { SwitchboardError } from "../errors.js";
import type { ModelAdapter } from "../spec/model-adapter.js";
import type { TranslationWarning } from "../spec/warning.js";
import type { Toolset } from "../toolset/build-toolset.js";
import type { SessionUsage } from "./session-usage.js";

/** One piece of context for `contextMessages` and `run({ context })`; a string is user text. */
export type ContextItem =
  | string
  | { type: "text"; text: string; role?: "user" | "assistant" }
  /** A resource read from a server (`resources/read`), as a user message: a header, then its text or media. */
  | { type: "resource"; server: string; uri: string }
  /** A server's prompt (`prompts/get`), expanded into its messages with their roles. */
  | { type: "prompt"; server: string; name: string; arguments?: Record<string, string> }
  /** A neutral message as it is. */
  | { type: "message"; message: ContextMessage };

/** One turn of a `Session`: the prompt and any resources or prompts added to it. */
export interface SessionRunOptions<Message = unknown> {
  /** Appended as a user turn. */
  prompt?: string;
  /**
   * The conversation to continue instead of the session's (a saved transcript; `[]` starts afresh). The run's
   * transcript becomes the session's either way.
   */
  messages?: readonly Message[];
  /**
   * Resources, prompts and text placed before `prompt` in this turn: read, expanded and merged with the prompt
   * so consecutive messages of one role become one (several providers require alternating roles).
   */
  context?: readonly ContextItem[];
  /** Every loop event (the session's cost observer sees them too). */
  onEvent?: AgentEventListener;
  /** Stream the model's answers as events. Default: true when `onEvent` is given, as the CLI streams. */
  stream?: boolean;
  /** Cancels this run (the calls in flight are still answered). */
  signal?: AbortSignal;
  /** Default: the session's `maxTurns`. */
  maxTurns?: number;
  budget?: TokenBudget;
  /** Per request; the adapter's default when absent. */
  maxTokens?: number;
}

/**
 * A conversation with the CLI's defaults: connected servers, live tools, and a transcript that each `run`
 * continues. Close it when done.
 */
export interface Session<Message = unknown, Response = unknown> {
  readonly adapter: ModelAdapter<Message, Response>;
  /** The connected servers and their live catalogue, for advanced use (`host.pool`, `host.servers`). */
  readonly host: Host;
  readonly config: SwitchboardConfig;
  readonly agent?: string;
  /** The system prompt sent: the one given, with the agent's skills listed when its `skills` is `system`. */
  readonly system?: string;
  /** From the config's `approval` section; absent means every call is allowed. */
  readonly approval?: ApprovalPolicy;
  readonly maxTurns: number;
  /** The usage ledger in use (absent: not recording). */
  readonly ledgerPath?: string;
  /** The conversation so far (provider-native); every call in it is answered. */
  readonly transcript: readonly Message[];
  /**
   * One agent run. It continues the session's conversation: `run` twice is one conversation; `reset()` (or
   * `messages: []`) starts a new one. Only one run at a time.
   */
  run(input: string | SessionRunOptions<Message>): Promise<AgentResult<Message, Response>>;
  /** Forgets the conversation: the next run starts afresh. */
  reset(): void;
  /** The toolset the next request would carry (built from the live catalogue). */
  tools(): Promise<Toolset>;
  /** `resources/read` on one of the session's servers (the MCP result, untrusted). */
  readResource(
    server: string,
    uri: string,
    options?: { signal?: AbortSignal },
  ): Promise<ReadResourceResultLike>;
  /** `prompts/get` on one of the session's servers (the MCP result, untrusted). */
  getPrompt(
    server: string,
    name: string,
    args?: Record<string, string>,
    options?: { signal?: AbortSignal },
  ): Promise<GetPromptResultLike>;
  /**
   * Resources, prompts and text as this adapter's messages, in order, consecutive messages of one role merged.
   * Put them in `run({ messages })`, or pass the items as `run({ context })`.
   */
  contextMessages(
    items: readonly ContextItem[],
    options?: { signal?: AbortSignal; limits?: Partial<ContextLimits> },
  ): Promise<RenderedMessages<Message>>;
  /** For a loop of your own (`runAgent`): what the loop dispatches through (pinned catalogue, checked calls). */
  readonly dispatchHost: DispatchHost;
  /** For a loop of your own: `runAgent`'s `buildTools` (cache breakpoint, listChanged policy, skills, ledger). */
  buildTools(context?: ToolsetContext): Promise<Toolset>;
  /** For a loop of your own: pass every loop event here (usage is recorded, cache breaks reported). */
  observe(event: AgentEvent): void;
  /** Stops the servers and closes the ledger. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** What `openSession` assembled. */
export interface SessionParts<Message, Response> {
  adapter: ModelAdapter<Message, Response>;
  host: Host;
  config: SwitchboardConfig;
  agent?: string;
  dispatchHost: DispatchHost;
  usage: SessionUsage;
  maxTurns: number;
  system?: string;
  approval?: ApprovalPolicy;
  signal?: AbortSignal;
  close(): Promise<void>;
}

export function sessionOf<Message, Response>(
  parts: SessionParts<Message, Response>,
): Session<Message, Response> {
  const { adapter, host, usage } = parts;
  let transcript: Message[] = [];
  let running = false;
  let closed: Promise<void> | undefined;

  const contextMessages: Session<Message, Response>["contextMessages"] = async (items, options = {}) => {
    const neutral: ContextMessage[] = [];
    const warnings: TranslationWarning[] = [];
    const read = {
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.limits === undefined ? {} : { limits: options.limits }),
    };
    for (const item of items) {
      if (typeof item === "string") {
        neutral.push({ role: "user", parts: [{ type: "text", text: item }] });
      } else if (item.type === "text") {
        neutral.push({ role: item.role ?? "user", parts: [{ type: "text", text: item.text }] });
      } else if (item.type === "message") {
        neutral.push(item.message);
      } else if (item.type === "resource") {
        const resource = await readResourceParts(host, { server: item.server, uri: item.uri }, read);
        neutral.push({ role: "user", parts: resource.parts });
        warnings.push(...resource.warnings);
      } else {
        const prompt = await getPromptMessages(host, item.server, item.name, item.arguments ?? {}, read);
        neutral.push(...prompt.messages);
        warnings.push(...prompt.warnings);
      }
    }
    const rendered = renderMessages(adapter.wire, mergeSameRole(neutral));
    return { messages: rendered.messages as Message[], warnings: [...warnings, ...rendered.warnings] };
  };

  const close = () => {
    closed ??= parts.close();
    return closed;
  };

  return {
    adapter,
    host,
    config: parts.config,
    ...(parts.agent === undefined ? {} : { agent: parts.agent }),
    ...(parts.system === undefined ? {} : { system: parts.system }),
    ...(parts.approval === undefined ? {} : { approval: parts.approval }),
    maxTurns: parts.maxTurns,
    ...(usage.ledgerPath === undefined ? {} : { ledgerPath: usage.ledgerPath }),
    get transcript() {
      return transcript;
    },
    async run(input) {
      const options: SessionRunOptions<Message> = typeof input === "string" ? { prompt: input } : input;
      if (closed !== undefined) throw new SwitchboardError("USAGE", "the session is closed");
      if (running) throw new SwitchboardError("USAGE", "a run of this session is still going");
      running = true;
      try {
        let messages: readonly Message[] = options.messages ?? transcript;
        let prompt = options.prompt;
        if (options.context !== undefined && options.context.length > 0) {
          const items = prompt === undefined ? options.context : [...options.context, prompt];
          const context = await contextMessages(
            items,
            options.signal === undefined ? {} : { signal: options.signal },
          );
          messages = [...messages, ...context.messages];
          prompt = undefined;
        }
        const signal = eitherSignal(parts.signal, options.signal);
        const listener = options.onEvent;
        const result = await runAgent<Message, Response>({
          adapter,
          host: parts.dispatchHost,
          buildTools: usage.buildTools,
          ...(messages.length === 0 ? {} : { messages }),
          ...(prompt === undefined ? {} : { prompt }),
          maxTurns: options.maxTurns ?? parts.maxTurns,
          ...(signal === undefined ? {} : { signal }),
          ...(parts.approval === undefined ? {} : { approval: parts.approval }),
          ...(parts.system === undefined ? {} : { system: parts.system }),
          ...(options.budget === undefined ? {} : { budget: options.budget }),
          ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
          onEvent: (event) => {
            usage.onEvent(event);
            listener?.(event);
          },
          stream: options.stream ?? listener !== undefined,
        });
        transcript = result.transcript;
        return result;
      } finally {
        running = false;
      }
    },
    reset() {
      transcript = [];
    },
    tools: () => usage.buildTools(),
    readResource: async (server, uri, options = {}) => connectionOf(host, server).readResource(uri, options),
    getPrompt: async (server, name, args = {}, options = {}) =>
      connectionOf(host, server).getPrompt(name, args, options),
    contextMessages,
    dispatchHost: parts.dispatchHost,
    buildTools: usage.buildTools,
    observe: usage.onEvent,
    close,
    [Symbol.asyncDispose]: close,
  };
}

function eitherSignal(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return AbortSignal.any([a, b]);
}
