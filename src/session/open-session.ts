/**
 * One session with the CLI's defaults, for programs: `switchboard run` and `chat` are built on it, so a program
 * gets what they send byte for byte. It loads the config (a path, a parsed config, or the file the CLI would
 * find), connects only the agent's servers, applies `switchboard.lock` pins, and builds the tools before every
 * request from the live catalogue with the Anthropic cache breakpoint, the config's `listChanged` policy, the
 * agent's skills and the usage ledger; calls go through the config's approval rules.
 */
import { DEFAULT_MAX_TURNS } from "../agent/run-agent.js";
import { connectHost, type Host, type HostOptions } from "../catalog/host.js";
import { findConfigFile, loadConfig } from "../config/index.js";
import type { SwitchboardConfig } from "../config/types.js";
import type { ApprovalHook, ApprovalPolicy } from "../dispatch/approval.js";
import { SwitchboardError } from "../errors.js";
import type { LocalTool } from "../local-tools/local-tool.js";
import type { ModelAdapter } from "../spec/model-adapter.js";
import { skillsSettingsOf, skillsSystemPrompt } from "../toolsearch/skills-toolset.js";
import { agentServers } from "./agent-servers.js";
import { applyPins } from "./apply-pins.js";
import { approvalFromConfig } from "./approval-from-config.js";
import { type Session, sessionOf } from "./session.js";
import { sessionUsage } from "./session-usage.js";

type Env = Readonly<Record<string, string | undefined>>;

/** How the servers are connected; the CLI passes one that draws a progress line. */
export type ConnectServers = (
  config: SwitchboardConfig,
  only: readonly string[] | undefined,
  options: Pick<HostOptions, "features" | "perServer" | "signal" | "oauth">,
) => Promise<Host>;

/** What `openSession` needs: the model (`adapter`), the config and how the tools are chosen. */
export interface OpenSessionOptions<Message = unknown, Response = unknown> {
  /** Any adapter (`anthropicAdapter(...)`, ...): the session's model. */
  adapter: ModelAdapter<Message, Response>;
  /**
   * A config file path, or a config from `loadConfig`/`parseConfig`. Absent: the file the CLI finds
   * (`./switchboard.json`, ..., then the user config; see `findConfigFile`).
   */
  config?: string | SwitchboardConfig;
  /** The agent of the config whose servers, tools and skills the session uses. Absent: every server. */
  agent?: string;
  /** For `${VAR}` in the config, the ledger and credentials paths. Default `process.env`. */
  env?: Env;
  /** Where the config is searched and relative paths resolve. Default `process.cwd()`. */
  cwd?: string;
  /** The system prompt (the agent's skills are appended when its `skills` is `system`). */
  system?: string;
  /** Model requests per `run` at most. Default 20. */
  maxTurns?: number;
  /**
   * Asked when the config's approval rules say `ask` (absent: `ask` means no). The rules come from the config's
   * `approval` section; without one every call is allowed and this is never asked.
   */
  approval?: ApprovalHook;
  /**
   * The usage ledger: `true` (default) records every model call where the CLI does (`SWITCHBOARD_LEDGER`, the
   * config's `ledger`, else the XDG state directory), a path records there, `false` records nothing.
   */
  ledger?: boolean | string;
  /** Stops connecting, and every run (as `close()` does not: call it too). */
  signal?: AbortSignal;
  /** What the session offers servers (sampling, elicitation, roots; see `clientFeatures`). Default: none. */
  clientFeatures?: Pick<HostOptions, "features" | "perServer">;
  /**
   * One line for the user: failed servers, withheld pinned tools, tools-array changes that break the cache, a
   * ledger that cannot be written. Default: dropped.
   */
  report?: (line: string) => void;
  /** How to connect the servers (default `connectHost`, then a settled catalogue). */
  connect?: ConnectServers;
  /**
   * The program's own tools (`localTool(...)`), offered beside the agent's MCP tools under the label `local`
   * (`local__clock`) and answered by the session like any other call.
   */
  localTools?: readonly LocalTool[];
}

/**
 * Opens a session: loads the config, connects the agent's servers and checks the tools build (an unknown agent
 * fails here, before any request). Close it with `close()` or `await using`.
 *
 * @example
 * ```ts
 * await using session = await openSession({ config: "./switchboard.json", agent: "support", adapter });
 * const first = await session.run("What changed in the tickets today?");
 * const next = await session.run("And yesterday?"); // continues the conversation
 * ```
 */
export async function openSession<Message, Response>(
  options: OpenSessionOptions<Message, Response>,
): Promise<Session<Message, Response>> {
  const { adapter } = options;
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const report = options.report ?? (() => {});
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  if (!Number.isInteger(maxTurns) || maxTurns < 1) {
    throw new SwitchboardError("USAGE", `maxTurns must be a positive integer, got ${maxTurns}`);
  }
  const config = await configOf(options.config, env, cwd);
  const servers = agentServers(config, options.agent);
  const connect = options.connect ?? defaultConnect;
  const host = await connect(config, servers, {
    ...options.clientFeatures,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    oauth: { env, cwd, onWarning: (message) => report(`switchboard: warning: ${message}`) },
  });
  const failed = host.servers.filter((server) => server.state === "failed").map((server) => server.name);
  if (failed.length > 0) {
    report(`servers failed, their tools are missing: ${failed.join(", ")} (run \`switchboard inspect\`)`);
  }
  let pins: Awaited<ReturnType<typeof applyPins>>;
  try {
    pins = await applyPins(config, host.catalog, report);
  } catch (error) {
    await host.close();
    throw error;
  }
  const skills = skillsSettingsOf(config, options.agent);
  const system =
    skills?.placement === "system"
      ? skillsSystemPrompt(options.system, pins.catalog.snapshot(), servers)
      : options.system;
  const ledger = options.ledger ?? true;
  const usage = sessionUsage({
    catalog: pins.catalog,
    target: adapter.target,
    config,
    ...(options.agent === undefined ? {} : { agent: options.agent }),
    ...(options.localTools === undefined ? {} : { localTools: options.localTools }),
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
    env,
    cwd,
    record: ledger !== false,
    ...(typeof ledger === "string" ? { ledgerPath: ledger } : {}),
    report,
  });
  try {
    await usage.buildTools(); // an unknown agent fails here, before the first request
  } catch (error) {
    usage.close();
    pins.close();
    await host.close();
    throw error;
  }
  const approval: ApprovalPolicy | undefined = approvalFromConfig(
    config.approval,
    options.approval === undefined ? {} : { hook: options.approval },
  );
  return sessionOf<Message, Response>({
    adapter,
    host,
    config,
    dispatchHost: { callTool: host.callTool, catalog: pins.catalog },
    usage,
    maxTurns,
    ...(options.agent === undefined ? {} : { agent: options.agent }),
    ...(system === undefined ? {} : { system }),
    ...(approval === undefined ? {} : { approval }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    close: async () => {
      usage.close();
      pins.close();
      await host.close();
    },
  });
}

async function configOf(
  given: string | SwitchboardConfig | undefined,
  env: Env,
  cwd: string,
): Promise<SwitchboardConfig> {
  if (typeof given === "object") return given;
  const file = await findConfigFile({ ...(given === undefined ? {} : { explicit: given }), cwd, env });
  return loadConfig(file, { env });
}

const defaultConnect: ConnectServers = async (config, only, options) => {
  const host = await connectHost(config, { ...options, ...(only === undefined ? {} : { only }) });
  try {
    await host.catalog.settled();
  } catch (error) {
    await host.close();
    throw error;
  }
  return host;
};
