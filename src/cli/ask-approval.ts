import type { Asker } from "../client-features/asker.js";
import type { ApprovalHook } from "../dispatch/approval.js";

/** Asks a person on the terminal whether one tool call may run; no answer (end of input) is a no. */
export function askApprovalOn(asker: Asker): ApprovalHook {
  return async (request, { signal }) => {
    const args = JSON.stringify(request.arguments);
    const shown = args.length > 300 ? `${args.slice(0, 299)}…` : args;
    asker.say(`${request.server}/${request.tool} wants to run with ${shown}`);
    const answer = await asker.ask(`Allow ${request.name}? [y/N]: `, signal);
    if (answer === undefined) return { deny: "nobody was there to approve it" };
    return /^y(es)?$/i.test(answer.trim()) ? "allow" : { deny: "the user said no" };
  };
}
