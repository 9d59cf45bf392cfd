import { TARGET_IDS, type TargetId } from "../../providers/targets.js";
import { type CheckReport, checkTools } from "../../toolset/check-tools.js";
import { namingOf } from "../../toolset/config-naming.js";
import { selectTools } from "../../toolset/select-tools.js";
import { agentServers, connectForCli } from "../connect-for-cli.js";
import { loadCliConfig } from "../load-cli-config.js";
import type { CliIo } from "../main.js";
import { parseTarget } from "../parse-target.js";
import { renderTable } from "../render-table.js";

export interface CheckOptions {
  config?: string;
  provider?: string[];
  agent?: string;
  json?: boolean;
}

/**
 * `switchboard check`: for every configured server, which tools each provider would reject as published, what
 * repair did, and what stays quarantined. Request limits the selection meets (too many tools, context share) are
 * reported as `limit:` lines and do not fail. Exit 1 when a server failed or (a switchboard bug) the repaired
 * array itself would be rejected.
 */
export async function checkCommand(options: CheckOptions, io: CliIo): Promise<number> {
  const targets: TargetId[] = options.provider?.map(parseTarget) ?? TARGET_IDS.filter((id) => id !== "mcp");
  const config = await loadCliConfig(options.config, io);
  const host = await connectForCli(config, io, agentServers(config, options.agent));
  let reports: CheckReport[];
  let failed: string[];
  try {
    const snapshot = host.catalog.snapshot();
    const selected = selectTools(
      snapshot?.tools ?? [],
      config,
      options.agent === undefined ? {} : { agent: options.agent },
    );
    const naming = namingOf(config);
    reports = checkTools(selected, targets, naming === undefined ? {} : { naming });
    failed = host.servers.filter((server) => server.state === "failed").map((server) => server.name);
  } finally {
    await host.close();
  }
  if (options.json)
    io.out(JSON.stringify({ config: config.file, failedServers: failed, reports }, null, 2), { exact: true });
  else io.out(renderCheck(reports));
  // The selection's own size is the user's choice, not a repair bug: said as a limit, and `run` applies the
  // agent's `overLimit` to it.
  for (const report of reports) {
    for (const limit of report.limits) io.err(`limit: ${report.target}: ${limit.message}`);
  }
  const broken = reports.filter((report) => report.arrayErrors.length > 0);
  for (const report of broken) {
    io.err(`bug: the repaired ${report.target} array is still rejected: ${report.arrayErrors[0]?.message}`);
  }
  if (failed.length > 0) io.err(`servers failed and were not checked: ${failed.join(", ")}`);
  return failed.length > 0 || broken.length > 0 ? 1 : 0;
}

export function renderCheck(reports: readonly CheckReport[]): string {
  const summary = renderTable(
    reports.flatMap((report) => {
      const servers = [...new Set(report.rows.map((row) => row.server))];
      return servers.map((server) => {
        const rows = report.rows.filter((row) => row.server === server);
        return {
          target: report.target,
          server,
          tools: rows.length,
          rejected: rows.filter((row) => row.asIs.length > 0).length,
          repaired: rows.filter((row) => row.status === "repaired").length,
          changed: rows.filter((row) => row.status !== "quarantined" && row.warnings.length > 0).length,
          fallback: rows.filter((row) => row.warnings.some((warning) => warning.code === "strict-fallback"))
            .length,
          quarantined: rows.filter((row) => row.status === "quarantined").length,
        };
      });
    }),
    [
      { header: "provider", value: (row) => row.target },
      { header: "server", value: (row) => row.server },
      { header: "tools", value: (row) => String(row.tools), align: "right" },
      { header: "rejected as-is", value: (row) => String(row.rejected), align: "right" },
      { header: "repaired", value: (row) => String(row.repaired), align: "right" },
      { header: "changed", value: (row) => String(row.changed), align: "right" },
      { header: "non-strict", value: (row) => String(row.fallback), align: "right" },
      { header: "quarantined", value: (row) => String(row.quarantined), align: "right" },
    ],
  );
  // Group by the provider's message (tool index stripped): one line per distinct reason, not one per tool.
  const groups = new Map<string, { target: string; message: string; tools: string[] }>();
  for (const report of reports) {
    for (const row of report.rows) {
      const first = row.asIs[0];
      const message =
        row.status === "quarantined"
          ? `quarantined: ${row.reason}`
          : first === undefined
            ? undefined
            : first.message
                .trim()
                .split("\n")[0]
                ?.replace(/\b(tools[.[])\d+/g, "$1N")
                .replace(/function '[^']*'/g, "function '…'");
      if (message === undefined) continue;
      const key = `${report.target}\u0000${message}`;
      const group = groups.get(key) ?? { target: report.target, message, tools: [] };
      group.tools.push(`${row.server}/${row.tool}`);
      groups.set(key, group);
    }
  }
  const details = [...groups.values()].map((group) => {
    const shown = group.tools.slice(0, 3).join(", ");
    const more = group.tools.length > 3 ? ` and ${group.tools.length - 3} more` : "";
    return `  ${group.target}: ${group.tools.length} × ${group.message}\n      (${shown}${more})`;
  });
  return details.length === 0
    ? summary
    : `${summary}\n\nwhy, as published (repaired unless marked quarantined):\n${details.join("\n")}`;
}
