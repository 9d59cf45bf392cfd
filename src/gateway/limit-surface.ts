/**
 * Request limits for the provider a gateway's downstream client sends the tools to (`serve --for`). At every
 * generation the agent's selection is translated for that target and weighed (`checkRequestLimits`); the
 * warnings are reported once per distinct set, and when a blocking limit is met the agent's `overLimit`
 * decides: `search` serves the search facade instead of the full list, `refuse` leaves the list as it is (the
 * caller refuses to start; after a later change it keeps serving and says so).
 */
import type { TargetId } from "../providers/targets.js";
import { buildToolset } from "../toolset/build-toolset.js";
import { namingOf } from "../toolset/config-naming.js";
import { checkRequestLimits, type RequestLimitReport } from "../toolset/request-limits.js";
import { selectTools } from "../toolset/select-tools.js";
import { ToolTranslationCache } from "../toolset/translation-cache.js";
import type { Gateway, ToolSurface } from "./gateway.js";
import { searchSurface } from "./search-surface.js";

export interface LimitSurfaceOptions {
  /** The provider the client sends the tools to. */
  target: TargetId;
  /** How the user named it (`openai`), for messages. */
  provider: string;
  agent?: string;
  overLimit: "refuse" | "search";
  /** Receives every line worth telling the user (without the `switchboard:` prefix). */
  report: (line: string) => void;
}

/** A tool surface plus the weighing of the generation it last served. */
export interface LimitSurface extends ToolSurface {
  /** The report for the current catalogue generation. */
  limits(): RequestLimitReport;
}

/** The gateway's tool surface under `serve --for` (see the file comment). */
export function limitSurface(gateway: Gateway, options: LimitSurfaceOptions): LimitSurface {
  const naming = namingOf(gateway.config);
  const translations = new ToolTranslationCache();
  const agent = options.agent === undefined ? {} : { agent: options.agent };
  let weighed: { generation: number; report: RequestLimitReport } | undefined;
  let said: string | undefined;
  let started = false;
  const weigh = (generation: number): RequestLimitReport => {
    if (weighed?.generation === generation) return weighed.report;
    const snapshot = gateway.catalog.snapshot();
    const toolset = buildToolset(selectTools(snapshot.tools, gateway.config, agent), options.target, {
      generation: snapshot.generation,
      cache: translations,
      ...(naming === undefined ? {} : { naming }),
    });
    const report = checkRequestLimits(toolset);
    weighed = { generation, report };
    tell(report, toolset.target.profile.label);
    started = true;
    return report;
  };
  const tell = (report: RequestLimitReport, label: string): void => {
    const lines = report.warnings.map((warning) => `for ${options.provider} (${label}): ${warning.message}`);
    const decision = report.sendable ? undefined : decisionLine(report, options.overLimit, started);
    if (decision !== undefined) lines.push(decision);
    const key = lines.join("\n");
    if (key === said) return;
    said = key;
    for (const line of lines) options.report(line);
  };
  // Weighed whatever the choice, so every tools change is reported.
  const blocked = (generation: number) => !weigh(generation).sendable && options.overLimit === "search";
  const surface = searchSurface(gateway, { ...agent, active: (view) => blocked(view.generation) });
  return { ...surface, limits: () => weigh(gateway.view().generation) };
}

/** What the gateway does about a blocking limit; nothing to add when `refuse` meets it at start (serve refuses). */
function decisionLine(
  report: RequestLimitReport,
  overLimit: "refuse" | "search",
  started: boolean,
): string | undefined {
  if (overLimit === "search") {
    return `serving the search facade (search_tools, call_tool) instead of the ${report.tools} tools; every tool stays reachable through it (overLimit: search)`;
  }
  return started
    ? `still serving all ${report.tools} tools: the agent's overLimit is "refuse", which refuses only at start`
    : undefined;
}
