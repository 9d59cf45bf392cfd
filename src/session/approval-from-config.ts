import type { ApprovalConfig } from "../config/types.js";
import type { ApprovalHook, ApprovalPolicy } from "../dispatch/approval.js";

/**
 * The approval policy a session runs with: the config's rules, and `ask` answered by `hook` (a terminal
 * prompt in `chat`), by yes to everything with `--yes`, or, when nobody can be asked, by no.
 */
export function approvalFromConfig(
  config: ApprovalConfig | undefined,
  options: { yes?: boolean; hook?: ApprovalHook },
): ApprovalPolicy | undefined {
  if (config === undefined) return undefined;
  const ask: ApprovalHook | undefined = options.yes === true ? () => "allow" : options.hook;
  return {
    rules: config.rules,
    ...(config.requireApprovalFor === undefined ? {} : { requireApprovalFor: config.requireApprovalFor }),
    ...(ask === undefined ? {} : { ask }),
  };
}
