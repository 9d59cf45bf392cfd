import { buildInspectReport } from "../../catalog/inspect-report.js";
import { estimateCatalogTokens } from "../../toolset/catalog-cost.js";
import { exclusionOf } from "../../toolset/select-tools.js";
import { connectForCli } from "../connect-for-cli.js";
import { reportJson } from "../json-numbers.js";
import { listingFeatures } from "../listing-features.js";
import { loadCliConfig } from "../load-cli-config.js";
import type { CliIo } from "../main.js";
import { parseTarget } from "../parse-target.js";
import { renderInspect } from "../render/inspect-text.js";

export type {
  InspectReport,
  InspectServer,
  InspectTokens,
  InspectTool,
} from "../../catalog/inspect-report.js";

export interface InspectOptions {
  config?: string;
  json?: boolean;
  server?: string[];
  agent?: string;
  /** Whose tokens to estimate (default anthropic). */
  provider?: string;
}

/** `switchboard inspect`: connect, list, print; exit 1 when any enabled server failed. */
export async function inspectCommand(options: InspectOptions, io: CliIo): Promise<number> {
  const config = await loadCliConfig(options.config, io);
  // Compiled once (every server's allow and deny globs), and an unknown agent is a usage error before any
  // server starts, as in `cost`.
  const exclude = exclusionOf(config, options.agent === undefined ? {} : { agent: options.agent });
  // Declares what `run` declares (as `tools` and `pin` do): a server that lists tools by client capability shows
  // here the tools a request would carry, and the token column counts them.
  const host = await connectForCli(config, io, options.server, { features: listingFeatures(config, io.cwd) });
  try {
    const snapshot = host.catalog.snapshot();
    const report = buildInspectReport(
      config.file,
      host.servers,
      snapshot,
      exclude,
      estimateCatalogTokens(snapshot?.tools ?? [], parseTarget(options.provider ?? "anthropic")),
    );
    io.out(options.json ? reportJson(report) : renderInspect(report), { exact: options.json === true });
    const failed = report.servers.filter((server) => server.status === "failed");
    if (failed.length > 0 && !options.json) {
      io.err(
        `${failed.length} of ${report.servers.length} servers failed: ${failed.map((server) => server.name).join(", ")}`,
      );
    }
    return failed.length > 0 ? 1 : 0;
  } finally {
    await host.close();
  }
}
