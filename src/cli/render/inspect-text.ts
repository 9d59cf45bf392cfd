/** The human text of `switchboard inspect`: the servers, their failures and warnings, and the tools. */
import type { InspectReport } from "../../catalog/inspect-report.js";
import { formatTokens } from "../../cost/format-money.js";
import { renderTable } from "../render-table.js";
import { stderrExcerpt } from "../stderr-excerpt.js";
import { countColumn, right, tokensColumn } from "./columns.js";

/** Tables of servers and tools, with each failure's stderr excerpt and the per-request token line. */
export function renderInspect(report: InspectReport): string {
  const serverTable = renderTable(report.servers, [
    { header: "server", value: (row) => row.name },
    { header: "status", value: (row) => row.status },
    { header: "transport", value: (row) => row.transport },
    { header: "protocol", value: (row) => row.protocolVersion ?? "-" },
    countColumn("tools", (row) => row.tools),
    tokensColumn((row) => row.tokens, { estimated: true }),
    countColumn("resources", (row) => row.resources + row.resourceTemplates),
    countColumn("prompts", (row) => row.prompts),
    right("ready", (row) => (row.readyInMs === undefined ? "-" : `${row.readyInMs} ms`)),
  ]);
  const failures = report.servers
    .filter((server) => server.reason !== undefined)
    .map((server) => {
      const tail =
        server.stderrTail === undefined
          ? ""
          : `\n    stderr: ${stderrExcerpt(server.stderrTail).join("\n            ")}`;
      return `  ${server.name}: ${server.reason}${tail}`;
    });
  const toolTable = renderTable(report.tools, [
    { header: "server", value: (row) => row.server },
    { header: "tool", value: (row) => row.name },
    { header: "description", value: (row) => row.description, maxWidth: 56 },
    {
      header: "parameters",
      value: (row) => row.parameters.map((p) => `${p.name}${p.required ? "" : "?"}: ${p.type}`).join(", "),
      maxWidth: 48,
    },
    tokensColumn((row) => row.tokens, { estimated: true }),
    { header: "sent", value: (row) => (row.excluded === undefined ? "yes" : `no (${row.excluded})`) },
  ]);
  const warnings = report.servers.flatMap((server) =>
    (server.warnings ?? []).map((warning) => `  ${server.name}: ${warning.message}`),
  );
  const parts = [`config: ${report.config}`, "", serverTable];
  if (failures.length > 0) parts.push("", "failures:", ...failures);
  if (warnings.length > 0) parts.push("", "listing warnings:", ...warnings);
  parts.push("", `${report.tools.length} tools (catalogue generation ${report.generation})`, "", toolTable);
  const tokens = report.tokens;
  if (tokens !== undefined) {
    parts.push(
      "",
      `${formatTokens(tokens.sentTokens, true)} tokens per request for ${tokens.target} (${tokens.model}): the sent tools plus ${tokens.overheadTokens} fixed overhead; estimates (${tokens.tokenizer}), \`switchboard cost\` prices them`,
    );
  }
  return parts.join("\n");
}
