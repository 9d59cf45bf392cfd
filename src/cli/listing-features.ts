/**
 * What a command that only looks at tools (`inspect`, `pin`, `tools`) declares to servers: the same capabilities `run` and `serve`
 * declare (sampling, elicitation with URL mode, the configured roots), because servers list tools by what the
 * client can do, and a tool `serve` shows must be one `pin` can see and approve. Nobody is there to answer, so a
 * sampling request is refused and an elicitation declined; roots are the configured ones, as in `run`.
 */
import { RootsRegistry } from "../client-features/roots.js";
import type { SwitchboardConfig } from "../config/types.js";
import type { ClientFeatures } from "../connect/types.js";

export function listingFeatures(
  config: Pick<SwitchboardConfig, "roots">,
  cwd: string,
  options: { roots?: boolean } = {},
): ClientFeatures {
  const roots = new RootsRegistry(config.roots, cwd);
  return {
    sampling: async () => ({ rejected: "this switchboard command only lists tools; it does not sample" }),
    elicitation: { url: true, handle: async () => ({ action: "decline" }) },
    // The gateway declares no roots upstream: `tools --provider mcp` leaves them out to list what it lists.
    ...(options.roots === false ? {} : { roots: () => roots.list() }),
  };
}
