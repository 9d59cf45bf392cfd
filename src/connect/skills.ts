/**
 * The skills extension (`io.modelcontextprotocol/skills`) over one SDK client: list a server's skills (their
 * entries only, never a file) and read one file of a skill on demand, verified against the entry by the SDK's
 * `SkillsClient` (listed, size, digest; for `SKILL.md` also the frontmatter). Hostile servers are bounded: at most
 * `MAX_SKILLS_PER_SERVER` entries are kept, and a file whose entry declares more than `maxBytes` is refused before
 * it is requested.
 */
import type { Client, RequestOptions } from "@modelcontextprotocol/client";
import { ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { type Skill, SkillsClient, SkillVerificationError } from "@modelcontextprotocol/client/ext/skills";
import { SwitchboardError } from "../errors.js";
import { escapeControls } from "./escape-controls.js";
import type { SessionClient } from "./session-client.js";
import type { ListingWarning, SkillEntry, SkillFileRead } from "./types.js";

/** Entries kept per server; the rest are dropped with a warning (each one costs prompt tokens). */
export const MAX_SKILLS_PER_SERVER = 256;
/** Default for the largest skill file read for the model: 1 MiB. */
export const DEFAULT_MAX_SKILL_FILE_BYTES = 1_048_576;

/**
 * The session's client as the SDK client `SkillsClient` needs (it reads the client's internals). A session whose
 * server declares skills is always the SDK client's: the SDK-free client hands such a session over after
 * `initialize` (open-session.ts).
 */
function sdkClient(client: SessionClient): Client {
  return client as unknown as Client;
}

/** Whether the server declared the skills extension (so `skills/list` may be sent). */
export function offersSkills(client: SessionClient): boolean {
  return new SkillsClient(sdkClient(client)).supported;
}

/**
 * Every skill entry the server lists (all pages), frozen plain JSON. Invalid entries are skipped with a warning;
 * a refused `skills/list` is a warning and lists nothing (`undefined`: a re-list keeps the previous entries).
 * A server without the extension lists none.
 */
export async function listSkills(
  client: SessionClient,
  options: RequestOptions,
  warn: (warning: ListingWarning) => void,
): Promise<SkillEntry[] | undefined> {
  const skills = new SkillsClient(sdkClient(client), { skipInvalid: true });
  if (!skills.supported) return [];
  try {
    const listing = await skills.list({}, options);
    for (const invalid of listing.invalid.slice(0, 10)) {
      warn({
        request: "skills/list",
        index: invalid.index,
        message: `skills/list: entry #${invalid.index} skipped: ${bounded(invalid.reason)}`,
      });
    }
    const kept = listing.skills.slice(0, MAX_SKILLS_PER_SERVER);
    if (listing.skills.length > kept.length) {
      warn({
        request: "skills/list",
        message: `skills/list: ${listing.skills.length} skills listed; only the first ${MAX_SKILLS_PER_SERVER} are kept`,
      });
    }
    return kept.map((skill) => JSON.parse(JSON.stringify(skill)) as SkillEntry);
  } catch (error) {
    if (!(error instanceof ProtocolError) && !(error instanceof SdkError)) throw error;
    warn({
      request: "skills/list",
      ...(error instanceof ProtocolError ? { code: error.code } : {}),
      message: `skills/list failed: ${bounded(error.message)}; no skills listed`,
    });
    return undefined;
  }
}

/**
 * Reads one file of `skill` (`ref`: a path under the skill's root, default its `SKILL.md`) and verifies it. A
 * failed check throws `SKILL_UNVERIFIED` naming what failed (the content is never returned); a file over
 * `maxBytes` by its entry, or by what arrived, throws `SKILL_TOO_LARGE`.
 */
export async function readSkillFile(
  client: SessionClient,
  skill: SkillEntry,
  ref: string | undefined,
  options: RequestOptions & { maxBytes?: number },
): Promise<SkillFileRead> {
  const { maxBytes = DEFAULT_MAX_SKILL_FILE_BYTES, ...request } = options;
  const declared = declaredSize(skill, ref);
  if (declared !== undefined && declared > maxBytes) throw tooLarge(skill, ref, declared, maxBytes);
  let file: Awaited<ReturnType<SkillsClient["read"]>>;
  try {
    file = await new SkillsClient(sdkClient(client)).read(skill as unknown as Skill, ref, request);
  } catch (error) {
    if (error instanceof SkillVerificationError) throw unverified(error);
    if (error instanceof TypeError) {
      throw new SwitchboardError(
        "SKILL_UNVERIFIED",
        `the skill entry is invalid: ${bounded(error.message)}`,
        {
          cause: error,
        },
      );
    }
    if (error instanceof SdkError && error.code === SdkErrorCode.InvalidResult)
      throw new SwitchboardError("SKILL_UNVERIFIED", bounded(error.message), { cause: error });
    throw error;
  }
  if (file.bytes.byteLength > maxBytes) throw tooLarge(skill, ref, file.bytes.byteLength, maxBytes);
  const text = file.text ?? new TextDecoder("utf-8", { fatal: false }).decode(file.bytes);
  return {
    uri: file.uri,
    ...(file.mimeType === undefined ? {} : { mimeType: file.mimeType }),
    text,
    bytes: file.bytes.byteLength,
    verified: file.verified,
    ...(file.body === undefined ? {} : { body: file.body }),
  };
}

/**
 * A failed check in words for the model, naming the file and what failed. Never a value from the unverified
 * file: for a frontmatter mismatch only the names of the differing fields (their values are what a tampering
 * server wrote).
 */
function unverified(error: SkillVerificationError): SwitchboardError {
  const fields = [...new Set(error.differences.map((line) => line.split(": ")[0] ?? ""))].filter(Boolean);
  const detail =
    error.reason === "frontmatter"
      ? fields.length === 0
        ? ""
        : `; fields that differ from the listed entry: ${bounded(fields.slice(0, 20).join(", "))}`
      : `; ${bounded(error.message)}`;
  return new SwitchboardError(
    "SKILL_UNVERIFIED",
    `${failedCheck(error.reason)} for ${bounded(error.uri)}${detail}`,
    {
      cause: error,
    },
  );
}

/** What the SDK's reason means, in words. */
function failedCheck(reason: SkillVerificationError["reason"]): string {
  switch (reason) {
    case "digest":
      return "digest mismatch";
    case "size":
      return "size mismatch";
    case "frontmatter":
      return "frontmatter mismatch";
    case "unlisted":
      return "not a file of this skill";
  }
}

/** The size the entry lists for the file `ref` names (undefined when the skill is dynamic or the file unlisted). */
function declaredSize(skill: SkillEntry, ref: string | undefined): number | undefined {
  if (!Array.isArray(skill.resources)) return undefined;
  const root = skill.uri.endsWith("/SKILL.md") ? skill.uri.slice(0, -"SKILL.md".length) : skill.uri;
  const wanted = ref === undefined ? skill.uri : ref.includes("://") ? ref : `${root}${ref}`;
  return skill.resources.find((file) => file.uri === wanted)?.size;
}

function tooLarge(skill: SkillEntry, ref: string | undefined, size: number, maxBytes: number) {
  return new SwitchboardError(
    "SKILL_TOO_LARGE",
    `${ref ?? "SKILL.md"} of ${bounded(skill.uri)} is ${size} bytes, over the limit of ${maxBytes}; it was not loaded`,
  );
}

/** Server text, bounded and with control characters escaped. */
function bounded(text: string): string {
  const clean = escapeControls(text);
  return clean.length > 400 ? `${clean.slice(0, 399)}…` : clean;
}
