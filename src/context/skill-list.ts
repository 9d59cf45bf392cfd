/**
 * What the model is told about a catalogue's skills, before it loads any: one handle and one line each. A handle
 * is the skill's own name when no other server lists the same name, else `server/name`, so it is unique and
 * never depends on connection order (the catalogue is sorted). Server text is flattened to one line: a
 * description cannot open a new line of its own in a prompt.
 */
import type { CatalogSkill } from "../catalog/types.js";

/** One skill as the model addresses it. */
export interface SkillHandle {
  handle: string;
  skill: CatalogSkill;
}

/** Every skill under a unique handle, sorted by handle. */
export function skillHandles(skills: readonly CatalogSkill[]): SkillHandle[] {
  const count = new Map<string, number>();
  for (const skill of skills) count.set(skill.name, (count.get(skill.name) ?? 0) + 1);
  const seen = new Set<string>();
  const out: SkillHandle[] = [];
  for (const skill of skills) {
    const handle = count.get(skill.name) === 1 ? skill.name : `${skill.server}/${skill.name}`;
    // One server listing the same name twice (two URIs): the first keeps it, as the catalogue keeps firsts.
    if (seen.has(handle)) continue;
    seen.add(handle);
    out.push({ handle, skill });
  }
  return out.sort((a, b) => (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0));
}

/** `- handle: description` per skill, one line each. */
export function skillLines(handles: readonly SkillHandle[]): string {
  return handles.map(({ handle, skill }) => `- ${oneLine(handle)}: ${oneLine(skill.description)}`).join("\n");
}

/** The system-prompt section for `skills: "system"`. */
export function skillsSystemText(handles: readonly SkillHandle[]): string {
  return `Skills (step-by-step instructions for tasks; load one with the load_skill tool before doing a task it covers):\n${skillLines(handles)}`;
}

/** The system prompt with the skills section appended (or alone, when there was none). */
export function withSkillsSection(
  system: string | undefined,
  handles: readonly SkillHandle[],
): string | undefined {
  if (handles.length === 0) return system;
  const section = skillsSystemText(handles);
  return system === undefined || system === "" ? section : `${system}\n\n${section}`;
}

/** Control characters and line breaks as single spaces, runs of spaces collapsed. */
function oneLine(text: string): string {
  let out = "";
  for (const c of text) {
    const code = c.charCodeAt(0);
    const blank = code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    const next = blank ? " " : c;
    if (!(next === " " && out.endsWith(" "))) out += next;
  }
  return out.trim();
}
