/**
 * Which tool surface `serve` gives its clients, and what it says about request limits: the agent's
 * `toolSearch: "facade"` serves the search facade; `--for <provider>` weighs the selection against that
 * provider's limits (and applies the agent's `overLimit`); without `--for`, one line says which providers'
 * per-request tool caps the listing exceeds.
 */
import type { SwitchboardConfig } from "../config/types.js";
import { SwitchboardError } from "../errors.js";
import type { Gateway, ToolSurface } from "../gateway/gateway.js";
import { type LimitSurface, limitSurface } from "../gateway/limit-surface.js";
import { searchSurface } from "../gateway/search-surface.js";
import { TARGETS } from "../providers/targets.js";
import { parseTarget } from "./parse-target.js";

/** The surface choice for one `serve`: the gateway option, and the check to run once it has started. */
export interface ServeSurface {
  toolSurface?: (gateway: Gateway) => ToolSurface;
  /** Throws `REQUEST_LIMIT` when the agent refuses an over-limit array at start; otherwise reports what to say. */
  afterStart(gateway: Gateway): void;
}

/** Chooses `serve`'s tool surface from the agent's config and `--for`; an unknown `--for` is a `USAGE` error. */
export function serveSurface(
  config: SwitchboardConfig,
  options: { agent?: string; for?: string },
  report: (line: string) => void,
): ServeSurface {
  const target = options.for === undefined ? undefined : parseTarget(options.for);
  const agentConfig =
    options.agent !== undefined && Object.hasOwn(config.agents, options.agent)
      ? config.agents[options.agent]
      : undefined;
  const agent = options.agent === undefined ? {} : { agent: options.agent };
  if (agentConfig?.toolSearch === "facade") {
    return {
      toolSurface: (gateway) => searchSurface(gateway, agent),
      afterStart: () =>
        report(`serving the search facade (search_tools, call_tool): the agent's toolSearch is "facade"`),
    };
  }
  if (target === undefined || options.for === undefined) {
    return { afterStart: (gateway) => capLine(gateway.view().tools.length, report) };
  }
  const overLimit = agentConfig?.overLimit ?? "search";
  let surface: LimitSurface | undefined;
  const provider = options.for;
  return {
    toolSurface: (gateway) => {
      surface = limitSurface(gateway, { target, provider, ...agent, overLimit, report });
      return surface;
    },
    afterStart: () => {
      const limits = surface?.limits();
      if (limits === undefined || limits.sendable || overLimit === "search") return;
      const why = limits.warnings.filter((warning) => warning.blocking).map((warning) => warning.message);
      throw new SwitchboardError(
        "REQUEST_LIMIT",
        `for ${provider}: ${why.join("; ")}. The agent's overLimit is "refuse": select fewer servers or tools, or set "overLimit": "search" to serve the search facade instead`,
      );
    },
  };
}

/** Without `--for`: which providers accept fewer tools per request than the gateway lists. */
function capLine(tools: number, say: (line: string) => void): void {
  const over = new Map<number, string[]>();
  for (const target of Object.values(TARGETS)) {
    const cap = target.profile.maxTools?.count;
    if (cap !== undefined && tools > cap) over.set(cap, [...(over.get(cap) ?? []), target.id]);
  }
  if (over.size === 0) return;
  const which = [...over].map(([cap, ids]) => `${ids.join(", ")} (${cap})`).join("; ");
  say(
    `${tools} tools are more than these providers accept per request: ${which}; pass --for <provider> to check its limits and serve the search facade when they are met`,
  );
}
