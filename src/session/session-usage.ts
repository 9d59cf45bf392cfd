/**
 * What `run` and `chat` add around the loop for cost visibility: the tools built from the live catalogue with a
 * cache breakpoint on the last tool (Anthropic), the config's `listChanged` policy, a line on stderr when the
 * tools bytes change mid-conversation (naming the server and tool) or the cacheable prefix is too short, and
 * every model call appended to the usage ledger. A ledger that cannot be opened or written is reported once and
 * skipped: recording must never stop the agent.
 */
import type { AgentEvent } from "../agent/agent-events.js";
import { type LiveToolsetOptions, liveToolset } from "../agent/live-toolset.js";
import { toolsCacheOptions } from "../cache/cache-breakpoints.js";
import { type ListChangedPolicy, withListChangedPolicy } from "../cache/list-changed-policy.js";
import { observeConversation, type ToolsChangeReport } from "../cache/observe-conversation.js";
import type { SwitchboardConfig } from "../config/types.js";
import { resolveLedgerPath } from "../ledger/ledger-path.js";
import { ledgerRecorder } from "../ledger/record-usage.js";
import { openLedger, type UsageLedger } from "../ledger/usage-ledger.js";
import type { LocalTool } from "../local-tools/local-tool.js";
import type { TargetId } from "../providers/targets.js";
import type { TranslationWarning } from "../spec/warning.js";
import { type SkillsToolsetOptions, withSkills } from "../toolsearch/skills-toolset.js";
import type { Toolset } from "../toolset/build-toolset.js";

export interface SessionUsageOptions {
  catalog: LiveToolsetOptions["catalog"];
  target: TargetId;
  config: SwitchboardConfig;
  agent?: string;
  provider: string;
  model: string;
  system?: string;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** False: record nothing (a dry run sends nothing). Default true. */
  record?: boolean;
  /** The ledger file to record into, instead of the one `SWITCHBOARD_LEDGER` and the config's `ledger` name. */
  ledgerPath?: string;
  /** One line for the user (stderr). */
  report: (line: string) => void;
  /** The servers' skills and `load_skill` (absent: none). */
  skills?: SkillsToolsetOptions;
  /** The program's own tools, beside the servers' (absent: none). */
  localTools?: readonly LocalTool[];
}

export interface SessionUsage {
  buildTools: () => Promise<Toolset>;
  /** Feed every event of the loop. */
  onEvent: (event: AgentEvent) => void;
  conversation?: string;
  /** The ledger file in use; absent when recording is off or the ledger could not be opened. */
  ledgerPath?: string;
  policy: ListChangedPolicy;
  close(): void;
}

export function sessionUsage(options: SessionUsageOptions): SessionUsage {
  const policy = options.config.listChanged ?? "next-turn";
  const tools = liveToolset({
    catalog: options.catalog,
    target: options.target,
    config: options.config,
    ...(options.agent === undefined ? {} : { agent: options.agent }),
    model: options.model,
    build: toolsCacheOptions(options.target),
    ...(options.localTools === undefined ? {} : { localTools: options.localTools }),
  });
  const live = options.skills === undefined ? tools : withSkills(tools, options.skills);
  const build = withListChangedPolicy(() => live(), policy, { settle: () => options.catalog.settled?.() });
  const ledger = options.record === false ? undefined : openOrReport(options);
  const recorder =
    ledger === undefined
      ? undefined
      : ledgerRecorder(ledger, {
          provider: options.provider,
          model: options.model,
          ...(options.agent === undefined ? {} : { agent: options.agent }),
          onError: (error) => options.report(`usage ledger: not recording: ${message(error)}`),
        });
  const observer = observeConversation(build, {
    model: options.model,
    ...(options.system === undefined ? {} : { system: options.system }),
    onToolsChange: (change) => options.report(describeChange(change)),
    onWarning: (warning: TranslationWarning) => options.report(`warning: ${warning.message}`),
    ...(recorder === undefined ? {} : { onCall: recorder.record }),
  });
  const deferred = new Set<number>();
  return {
    buildTools: observer.buildTools,
    onEvent(event) {
      observer.onEvent(event);
      if (policy !== "next-conversation" || event.type !== "request" || event.generation === undefined)
        return;
      const now = options.catalog.snapshot().generation;
      if (now > event.generation && !deferred.has(now)) {
        deferred.add(now);
        options.report(
          `cache: the servers' tools changed (catalogue generation ${event.generation} → ${now}); this conversation keeps the tools it started with (listChanged: next-conversation)`,
        );
      }
    },
    ...(recorder === undefined ? {} : { conversation: recorder.conversation }),
    ...(ledger === undefined ? {} : { ledgerPath: ledger.path }),
    policy,
    close: () => ledger?.close(),
  };
}

function openOrReport(options: SessionUsageOptions): UsageLedger | undefined {
  const path =
    options.ledgerPath ??
    resolveLedgerPath({
      env: options.env,
      cwd: options.cwd,
      ...(options.config.ledger === undefined ? {} : { settings: options.config.ledger }),
      configFile: options.config.file,
    });
  if (path === undefined) return undefined;
  try {
    return openLedger(path, { create: true });
  } catch (error) {
    options.report(`usage ledger: not recording: ${message(error)}`);
    return undefined;
  }
}

export function describeChange(change: ToolsChangeReport): string {
  return `cache: the tools array changed before model call ${change.call} (${change.summary}); the cached prefix no longer matches and is written again`;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
