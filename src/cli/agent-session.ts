/**
 * What `run` and `chat` share: pick the model (failing on a missing key before any server starts), load the
 * config, connect the agent's servers, and build the tools from the live catalogue before every request.
 */
import { liveToolset } from "../agent/live-toolset.js";
import type { AgentToolset } from "../agent/run-agent.js";
import type { Host } from "../catalog/host.js";
import type { ApprovalHook, ApprovalPolicy } from "../dispatch/approval.js";
import { SwitchboardError } from "../errors.js";
import type { Toolset } from "../toolset/build-toolset.js";
import { approvalFromConfig } from "./approval-from-config.js";
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
  buildTools: () => Promise<Toolset>;
  maxTurns: number;
  /** From the config's `approval` section; absent means every call is allowed. */
  approval?: ApprovalPolicy;
  close(): Promise<void>;
}

export async function openAgentSession(
  options: AgentCliOptions,
  io: CliIo,
  extra: { fetch?: typeof fetch; dryRun?: boolean; ask?: ApprovalHook } = {},
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
  const host = await connectForCli(config, io, agentServers(config, options.agent));
  const failed = host.servers.filter((server) => server.state === "failed").map((server) => server.name);
  if (failed.length > 0) {
    io.err(`servers failed, their tools are missing: ${failed.join(", ")} (run \`switchboard inspect\`)`);
  }
  const buildTools = liveToolset({
    catalog: host.catalog,
    target: adapter.target,
    config,
    ...(options.agent === undefined ? {} : { agent: options.agent }),
  });
  try {
    await buildTools(); // an unknown --agent fails here, before the first request
  } catch (error) {
    await host.close();
    throw error;
  }
  const approval = approvalFromConfig(config.approval, {
    ...(options.yes === undefined ? {} : { yes: options.yes }),
    ...(extra.ask === undefined ? {} : { hook: extra.ask }),
  });
  return {
    adapter,
    host,
    buildTools,
    maxTurns,
    ...(approval === undefined ? {} : { approval }),
    close: () => host.close(),
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
