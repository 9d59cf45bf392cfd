/**
 * What `run` and `chat` share: pick the model (failing on a missing key before any server starts), load the
 * config, and open the library's session on it (`openSession`: the agent's servers, pins, the tools with the
 * cache breakpoint, listChanged policy, skills and ledger, the approval rules). What stays here is the CLI's:
 * flags, the adapter from the environment, the terminal's asker, progress and printing, the dry run.
 */
import type { AgentEvent } from "../agent/agent-events.js";
import type { AgentToolset } from "../agent/run-agent.js";
import type { Host } from "../catalog/host.js";
import type { Asker } from "../client-features/asker.js";
import type { ApprovalHook, ApprovalPolicy } from "../dispatch/approval.js";
import type { DispatchHost } from "../dispatch/types.js";
import { SwitchboardError } from "../errors.js";
import { openSession } from "../session/open-session.js";
import type { Session } from "../session/session.js";
import type { Toolset } from "../toolset/build-toolset.js";
import { askApprovalOn } from "./ask-approval.js";
import { type CliClientFeatures, cliClientFeatures } from "./client-session.js";
import { connectForCli } from "./connect-for-cli.js";
import { loadCliConfig } from "./load-cli-config.js";
import type { CliIo } from "./main.js";
import { type AnyAdapter, chooseModel, createAdapter } from "./model-from-env.js";

export interface AgentCliOptions {
  config?: string;
  agent?: string;
  provider?: string;
  model?: string;
  baseUrl?: string;
  maxTurns?: string;
  system?: string;
  /** Approve every call the config's approval rules would ask about. */
  yes?: boolean;
}

export interface AgentSession {
  adapter: AnyAdapter;
  host: Host;
  /**
   * What the loop dispatches through: the host's calls, checked against the catalogue the model may see (the
   * pinned view when `switchboard.lock` exists, so a withheld tool is refused with its reason).
   */
  dispatchHost: DispatchHost;
  buildTools: () => Promise<Toolset>;
  /** Pass every loop event here: tools-bytes changes and short cache prefixes are reported, usage is recorded. */
  observe: (event: AgentEvent) => void;
  maxTurns: number;
  /** The system prompt to send: `--system`, with the skills listed when the agent's `skills` is `system`. */
  system?: string;
  /** From the config's `approval` section; absent means every call is allowed. */
  approval?: ApprovalPolicy;
  /** What the session offers servers (present when an asker was given). */
  client?: CliClientFeatures;
  /** The library session underneath (`run`, `contextMessages`, ...). */
  session: Session;
  close(): Promise<void>;
}

export async function openAgentSession(
  options: AgentCliOptions,
  io: CliIo,
  extra: {
    fetch?: typeof fetch;
    dryRun?: boolean;
    ask?: ApprovalHook;
    /** Answers servers' questions (sampling approval, elicitation); with it, servers may sample and elicit. */
    asker?: Asker;
  } = {},
): Promise<AgentSession> {
  const maxTurns = parseMaxTurns(options.maxTurns);
  const choice = chooseModel(
    {
      ...(options.provider === undefined ? {} : { provider: options.provider }),
      ...(options.model === undefined ? {} : { model: options.model }),
      ...(extra.dryRun === true ? { dryRun: true } : {}),
    },
    io.env,
  );
  const adapter = await createAdapter(choice, {
    env: io.env,
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(extra.fetch === undefined ? {} : { fetch: extra.fetch }),
  });
  const config = await loadCliConfig(options.config, io);
  const client =
    extra.asker === undefined
      ? undefined
      : await cliClientFeatures(
          config,
          { adapter, choice, ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }) },
          io,
          extra.asker,
        );
  // Everything else is the library's session: the same servers, pins, tools, ledger and approval rules.
  const hook =
    options.yes === true
      ? () => "allow" as const
      : (extra.ask ?? (extra.asker === undefined ? undefined : askApprovalOn(extra.asker)));
  const session = await openSession({
    adapter,
    config,
    ...(options.agent === undefined ? {} : { agent: options.agent }),
    env: io.env,
    cwd: io.cwd,
    ...(options.system === undefined ? {} : { system: options.system }),
    maxTurns,
    ...(hook === undefined ? {} : { approval: hook }),
    ledger: extra.dryRun !== true,
    ...(client === undefined
      ? {}
      : { clientFeatures: { features: client.features, perServer: client.perServer } }),
    report: io.err,
    connect: (config, only, hostOptions) => {
      const { signal: _signal, oauth: _oauth, ...rest } = hostOptions;
      return connectForCli(config, io, only === undefined ? undefined : [...only], rest);
    },
  });
  const unfollow = client?.follow(session.host);
  return {
    adapter,
    host: session.host,
    dispatchHost: session.dispatchHost,
    buildTools: session.buildTools,
    observe: session.observe,
    maxTurns,
    ...(session.system === undefined ? {} : { system: session.system }),
    ...(session.approval === undefined ? {} : { approval: session.approval }),
    ...(client === undefined ? {} : { client }),
    session,
    close: async () => {
      await session.close();
      unfollow?.();
    },
  };
}

function parseMaxTurns(value: string | undefined): number {
  if (value === undefined) return 20;
  const turns = Number(value);
  if (!Number.isInteger(turns) || turns < 1) {
    throw new SwitchboardError("USAGE", `--max-turns must be a positive integer, got "${value}"`);
  }
  return turns;
}

/** The tools a session offers right now, for `/tools` and reports. */
export function offeredTools(toolset: AgentToolset): { name: string; server: string; tool: string }[] {
  return toolset.entries.flatMap((entry) =>
    entry.status === "ok" && entry.name !== undefined
      ? [{ name: entry.name, server: entry.server, tool: entry.tool }]
      : [],
  );
}
