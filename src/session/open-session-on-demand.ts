/**
 * The package entry's `openSession`: the same function, its implementation (config loading, pins, skills, the
 * session loop and its usage ledger) imported when a program first opens a session rather than when it imports
 * `switchboard` (issue 22 item 4). The CLI imports `open-session.ts` itself.
 */
import type { OpenSessionOptions } from "./open-session.js";
import type { Session } from "./session.js";

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
  const implementation = await import("./open-session.js");
  return implementation.openSession(options);
}
