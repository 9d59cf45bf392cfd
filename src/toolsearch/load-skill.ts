/**
 * `load_skill`, the facade-family tool through which a model reads a server's skills: nothing of a skill is
 * fetched until the model calls it, and what it returns has passed the entry's checks (size, digest and, for
 * `SKILL.md`, frontmatter). A failed check answers with what failed and never with the unverified content.
 */
import type { CatalogSkill } from "../catalog/types.js";
import type { SkillFileRead } from "../connect/types.js";
import { type SkillHandle, skillLines } from "../context/skill-list.js";
import { isSwitchboardError } from "../errors.js";
import type { McpTool } from "../spec/tool.js";
import type { ToolCall, ToolErrorKind, ToolResult } from "../spec/tool-call.js";

export const LOAD_SKILL_NAME = "load_skill";

/** Where the list of skills is shown: in `load_skill`'s own description, or in the system prompt. */
export type SkillsPlacement = "tool" | "system";

/** What `load_skill` needs to read a file (`Host` satisfies it). */
export interface SkillReader {
  readSkill(
    skill: CatalogSkill,
    ref?: string,
    options?: { signal?: AbortSignal; timeoutMs?: number; maxBytes?: number },
  ): Promise<SkillFileRead>;
}

const PURPOSE =
  'Loads a skill: instructions for a kind of task, provided by a connected server. Before doing a task a skill covers, call this with the skill\'s name and follow what it returns; call it again with "file" to read a file the instructions point to.';

/** The definition: with the skills listed in its description (`tool`), or pointing at the system prompt. */
export function loadSkillTool(handles: readonly SkillHandle[], placement: SkillsPlacement): McpTool {
  const list =
    placement === "tool"
      ? `\n\nSkills:\n${skillLines(handles)}`
      : " The skills are listed in the system prompt.";
  return {
    name: LOAD_SKILL_NAME,
    description: `${PURPOSE}${list}`,
    inputSchema: {
      type: "object",
      properties: {
        name: { type: "string", description: "The skill's name, exactly as listed" },
        file: {
          type: "string",
          description:
            "A file of the skill as a path under its folder (e.g. references/FORMS.md); omit it for the skill's instructions",
        },
      },
      required: ["name"],
      additionalProperties: false,
    },
  };
}

/** Answers one `load_skill` call: reads the file now, verified, or says why it could not. */
export async function answerLoadSkill(
  call: ToolCall,
  handles: readonly SkillHandle[],
  reader: SkillReader,
  options: { signal?: AbortSignal; timeoutMs?: number; maxBytes?: number } = {},
): Promise<ToolResult> {
  const started = performance.now();
  const done = (outcome: "ok" | ToolErrorKind, text: string, skill?: CatalogSkill): ToolResult => ({
    callId: call.id,
    name: call.name,
    ...(skill === undefined ? {} : { server: skill.server }),
    outcome,
    isError: outcome !== "ok",
    content: [{ type: "text", text }],
    durationMs: performance.now() - started,
  });
  const args = call.arguments;
  if (call.argumentsError !== undefined || typeof args !== "object" || args === null || Array.isArray(args)) {
    return done(
      "malformed-call",
      `${LOAD_SKILL_NAME} was not run: send one JSON object, e.g. {"name": "..."}.`,
    );
  }
  const { name, file } = args as Record<string, unknown>;
  if (typeof name !== "string" || name === "" || (file !== undefined && typeof file !== "string")) {
    return done(
      "malformed-call",
      `${LOAD_SKILL_NAME} was not run: "name" must be a skill's name as listed, and "file", when given, a path string.`,
    );
  }
  const found = handles.find((entry) => entry.handle === name);
  if (found === undefined) {
    const known = handles.map((entry) => entry.handle);
    const shown = known.length <= 20 ? known.join(", ") : `${known.slice(0, 20).join(", ")}, …`;
    return done(
      "malformed-call",
      `No skill is named ${JSON.stringify(name.slice(0, 100))}. Skills: ${shown}.`,
    );
  }
  const ref = file === undefined || file === "" || file === "SKILL.md" ? undefined : file;
  const what = ref === undefined ? `the skill "${found.handle}"` : `${ref} of the skill "${found.handle}"`;
  if (options.signal?.aborted)
    return done("aborted", `${what} was not loaded: the turn was stopped.`, found.skill);
  try {
    const read = await reader.readSkill(found.skill, ref, options);
    return done(
      "ok",
      ref === undefined ? manifestText(found, read) : fileText(found, ref, read),
      found.skill,
    );
  } catch (error) {
    if (isSwitchboardError(error) && error.code === "SKILL_UNVERIFIED") {
      return done(
        "tool-error",
        `${what} was not loaded: it failed verification against the server's listing (${error.message}). Its content was not used; do not follow this skill.`,
        found.skill,
      );
    }
    if (isSwitchboardError(error) && error.code === "SKILL_TOO_LARGE")
      return done("tool-error", `${what} was not loaded: ${error.message}.`, found.skill);
    const message = error instanceof Error ? error.message : String(error);
    return done("server-error", `${what} could not be read: ${message.slice(0, 500)}`, found.skill);
  }
}

function manifestText(found: SkillHandle, read: SkillFileRead): string {
  const entry = found.skill.entry;
  const files = Array.isArray(entry.resources)
    ? entry.resources
        .filter((resource) => resource.uri !== entry.uri)
        .map((resource) => `${relative(entry.uri, resource.uri)} (${resource.size} bytes)`)
    : [];
  const header = [
    `Skill "${found.handle}" from the server "${found.skill.server}" (${checked(read)}).`,
    files.length === 0
      ? "It has no other files."
      : `Its other files, loaded with ${LOAD_SKILL_NAME} and "file": ${files.join(", ")}.`,
  ].join("\n");
  return `${header}\n\n${read.body ?? read.text}`;
}

function fileText(found: SkillHandle, ref: string, read: SkillFileRead): string {
  return `${ref} of the skill "${found.handle}" (${checked(read)}):\n\n${read.text}`;
}

function checked(read: SkillFileRead): string {
  return read.verified
    ? "verified: size and sha256 digest match the server's listing"
    : "not verified: the server lists this skill's files as dynamic, without digests";
}

/** A file's URI as a path under the skill's folder. */
function relative(skillUri: string, fileUri: string): string {
  const root = skillUri.slice(0, skillUri.length - "SKILL.md".length);
  return fileUri.startsWith(root) ? fileUri.slice(root.length) : fileUri;
}
