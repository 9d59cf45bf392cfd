/**
 * Adds `load_skill` to whatever tools policy an agent uses (direct, search modes, pinned): before each request,
 * the agent's skills as the catalogue lists them now, and `load_skill` first in the array (an Anthropic cache
 * breakpoint on the last tool then still covers it). Its calls are answered here; every other call goes to the
 * inner toolset's own resolution, or plain dispatch, exactly as without skills. No skills: the inner toolset as is.
 */
import { createHash } from "node:crypto";
import type { CatalogSkill, CatalogSnapshot } from "../catalog/types.js";
import type { SwitchboardConfig } from "../config/types.js";
import { type SkillHandle, skillHandles, withSkillsSection } from "../context/skill-list.js";
import type { DispatchToolset, ToolsetResolution } from "../dispatch/types.js";
import { buildToolset, type Toolset } from "../toolset/build-toolset.js";
import {
  answerLoadSkill,
  LOAD_SKILL_NAME,
  loadSkillTool,
  type SkillReader,
  type SkillsPlacement,
} from "./load-skill.js";

/** The pseudo-server `load_skill` is reported under (it never reaches a server's tools/call). */
export const SKILLS_SERVER = "switchboard";

export interface SkillsToolsetOptions {
  catalog: { snapshot(): CatalogSnapshot };
  /** Reads a skill's files when the model asks (`host`). */
  reader: SkillReader;
  placement: SkillsPlacement;
  /** The agent's servers; default every server's skills. */
  servers?: readonly string[];
  /** Largest file handed to the model. Default 1 MiB. */
  maxBytes?: number;
}

/** A toolset that answers its own calls (`dispatchToolCalls` uses its `resolution`). */
export type SkillsToolset = Toolset & { resolution: ToolsetResolution };

/** The agent's skills under unique handles, from a snapshot. */
export function agentSkills(snapshot: CatalogSnapshot, servers?: readonly string[]): SkillHandle[] {
  const all: readonly CatalogSkill[] = snapshot.skills ?? [];
  const wanted = servers === undefined ? undefined : new Set(servers);
  return skillHandles(wanted === undefined ? all : all.filter((skill) => wanted.has(skill.server)));
}

/** The system prompt an agent with `placement: "system"` sends: `system` with its skills section appended. */
export function skillsSystemPrompt(
  system: string | undefined,
  snapshot: CatalogSnapshot,
  servers?: readonly string[],
): string | undefined {
  return withSkillsSection(system, agentSkills(snapshot, servers));
}

export function withSkills<C>(
  build: (context?: C) => Promise<Toolset>,
  options: SkillsToolsetOptions,
): (context?: C) => Promise<Toolset> {
  let cached: { inner: Toolset; skills: unknown; toolset: Toolset } | undefined;
  return async (context) => {
    const inner = await build(context);
    const snapshot = options.catalog.snapshot();
    if (cached !== undefined && cached.inner === inner && cached.skills === snapshot.skills)
      return cached.toolset;
    const handles = agentSkills(snapshot, options.servers);
    const toolset = handles.length === 0 ? inner : withLoadSkill(inner, handles, options);
    cached = { inner, skills: snapshot.skills, toolset };
    return toolset;
  };
}

/** `inner` with `load_skill` first in its array and its calls answered. */
export function withLoadSkill(
  inner: Toolset,
  handles: readonly SkillHandle[],
  options: Pick<SkillsToolsetOptions, "reader" | "placement" | "maxBytes">,
): SkillsToolset {
  // A server tool emitted as `load_skill` keeps its name; ours steps aside.
  const name =
    inner.names.resolve(LOAD_SKILL_NAME) === undefined
      ? LOAD_SKILL_NAME
      : `${SKILLS_SERVER}_${LOAD_SKILL_NAME}`;
  const own = buildToolset(
    [{ server: SKILLS_SERVER, tool: { ...loadSkillTool(handles, options.placement), name } }],
    inner.target.id,
    { naming: { prefix: false } },
  );
  const tools = prepend(inner, own);
  const json = JSON.stringify(tools);
  const innerResolution = (inner as DispatchToolset).resolution;
  const resolution: ToolsetResolution = {
    answer(call, context, direct) {
      if (call.name === name) {
        return answerLoadSkill(call, handles, options.reader, {
          ...(context.signal === undefined ? {} : { signal: context.signal }),
          ...(context.timeoutMs === undefined ? {} : { timeoutMs: context.timeoutMs }),
          ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
        });
      }
      // Every other call is answered exactly as the inner toolset answers it.
      if (innerResolution === undefined) return direct(call, inner);
      return innerResolution.answer(call, { ...context, toolset: inner }, direct);
    },
  };
  return {
    ...inner,
    tools,
    json,
    hash: sha256Hex(json),
    entries: [...own.entries, ...inner.entries],
    resolution,
  };
}

/** `own`'s single definition before `inner`'s, in the target's wrapping (Gemini: one declarations list). */
function prepend(inner: Toolset, own: Toolset): Toolset["tools"] {
  if (inner.target.wire !== "gemini") return [...own.tools, ...inner.tools];
  const declarations = (toolset: Toolset) =>
    (toolset.tools as { functionDeclarations?: unknown[] }[]).flatMap(
      (item) => item.functionDeclarations ?? [],
    );
  const others = (inner.tools as { functionDeclarations?: unknown[] }[]).filter(
    (item) => item.functionDeclarations === undefined,
  );
  // Both toolsets are Gemini's: the result is its `Tool` list with every declaration in the first.
  return [
    { functionDeclarations: [...declarations(own), ...declarations(inner)] },
    ...others,
  ] as Toolset["tools"];
}

function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** An agent's skills settings from the config: `undefined` when its `skills` is `off`. */
export function skillsSettingsOf(
  config: SwitchboardConfig | undefined,
  agent: string | undefined,
): { placement: SkillsPlacement; maxBytes?: number } | undefined {
  const agents = config?.agents;
  const own =
    agent !== undefined && agents !== undefined && Object.hasOwn(agents, agent) ? agents[agent] : undefined;
  const placement = own?.skills ?? "tool";
  if (placement === "off") return undefined;
  return { placement, ...(own?.skillMaxBytes === undefined ? {} : { maxBytes: own.skillMaxBytes }) };
}
