/**
 * `--provider`'s value as a target id. Its own module: `inspect`, `cost`, `check` and `serve` read the flag without
 * importing `tools`, whose `mcp` target needs the gateway's view (and with it the MCP server SDK).
 */
import { SwitchboardError } from "../errors.js";
import { isTargetId, TARGET_IDS, type TargetId } from "../providers/targets.js";

/**
 * Names every command accepts besides the target ids, so `--provider` means one thing everywhere: `openai` is
 * the Responses API, as it is for `run` and `chat` (`openai-chat` names Chat Completions).
 */
export const TARGET_ALIASES: Readonly<Record<string, TargetId>> = { openai: "openai-responses" };

/** The target `value` names (an id or an alias); a `USAGE` error listing the accepted names otherwise. */
export function parseTarget(value: string): TargetId {
  if (isTargetId(value)) return value;
  const alias = Object.hasOwn(TARGET_ALIASES, value) ? TARGET_ALIASES[value] : undefined;
  if (alias !== undefined) return alias;
  throw new SwitchboardError(
    "USAGE",
    `Unknown provider "${value}"; expected one of: ${[...Object.keys(TARGET_ALIASES), ...TARGET_IDS].join(", ")}`,
  );
}
