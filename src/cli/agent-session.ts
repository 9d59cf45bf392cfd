/**
 * What `run` and `chat` share: pick the model (failing on a missing key before any server starts), load the
 * config, connect the agent's servers, and build the tools from the live catalogue before every request.
 */
import type { AgentEvent } from "../agent/agent-events.js";
import type { AgentToolset } from "../agent/run-agent.js";
import type { Host } from "../catalog/host.js";
import type { Asker } from "../client-features/asker.js";
import type { ApprovalHook, ApprovalPolicy } from "../dispatch/approval.js";
import type { DispatchHost } from "../dispatch/types.js";
import { SwitchboardError } from "../errors.js";
import { sessionUsage } from "../session/session-usage.js";
import { skillsSettingsOf, skillsSystemPrompt } from "../toolsearch/skills-toolset.js";
import type { Toolset } from "../toolset/build-toolset.js";
import { applyPins } from "./apply-pins.js";
import { approvalFromConfig } from "./approval-from-config.js";
import { askApprovalOn } from "./ask-approval.js";
import { type CliClientFeatures, cliClientFeatures } from "./client-session.js";
import { agentServers, connectForCli } from "./connect-for-cli.js";
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
  const host = await connectForCli(
    config,
    io,
    agentServers(config, options.agent),
    client === undefined ? {} : { features: client.features, perServer: client.perServer },
  );
  const unfollow = client?.follow(host);
  const failed = host.servers.filter((server) => server.state === "failed").map((server) => server.name);
  if (failed.length > 0) {
    io.err(`servers failed, their tools are missing: ${failed.join(", ")} (run \`switchboard inspect\`)`);
  }
  let pins: Awaited<ReturnType<typeof applyPins>>;
  try {
    pins = await applyPins(config, host.catalog, io.err);
  } catch (error) {
    await host.close();
    throw error;
  }
  const servers = agentServers(config, options.agent);
  const skills = skillsSettingsOf(config, options.agent);
  const system =
    skills?.placement === "system"
      ? skillsSystemPrompt(options.system, pins.catalog.snapshot(), servers)
      : options.system;
  const usage = sessionUsage({
    catalog: pins.catalog,
    target: adapter.target,
    config,
    ...(options.agent === undefined ? {} : { agent: options.agent }),
    provider: adapter.provider,
    model: adapter.model,
    ...(system === undefined ? {} : { system }),
    ...(skills === undefined
      ? {}
      : {
          skills: {
            catalog: pins.catalog,
            reader: host,
            ...skills,
            ...(servers === undefined ? {} : { servers }),
          },
        }),
    env: io.env,
    cwd: io.cwd,
    record: extra.dryRun !== true,
    report: io.err,
  });
  const { buildTools } = usage;
  try {
    await buildTools(); // an unknown --agent fails here, before the first request
  } catch (error) {
    usage.close();
    pins.close();
    await host.close();
    throw error;
  }
  const approval = approvalFromConfig(config.approval, {
    ...(options.yes === undefined ? {} : { yes: options.yes }),
    ...(extra.ask !== undefined
      ? { hook: extra.ask }
      : extra.asker !== undefined
        ? { hook: askApprovalOn(extra.asker) }
        : {}),
  });
  return {
    adapter,
    host,
    dispatchHost: { callTool: host.callTool, catalog: pins.catalog },
    buildTools,
    observe: usage.onEvent,
    maxTurns,
    ...(system === undefined ? {} : { system }),
    ...(approval === undefined ? {} : { approval }),
    ...(client === undefined ? {} : { client }),
    close: async () => {
      usage.close();
      pins.close();
      await host.close();
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
