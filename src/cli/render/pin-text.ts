/** The human text of `switchboard pin`: what changed since the approval, and what to do about it. */
import { untrustedLine } from "../../pinning/untrusted-text.js";
import type { PinReport, PinReportTool } from "../commands/pin.js";

/** Each pending tool with its diff, the servers not checked, and what to run next. */
export function renderPinReport(report: PinReport): string {
  const name = (tool: PinReportTool) => untrustedLine(`${tool.server}/${tool.tool}`);
  const lines = [`lock file: ${report.lockFile}`];
  const pinned = report.tools.filter((tool) => tool.status === "pinned").length;
  if (report.firstApproval) {
    lines.push(`first approval: pinned ${report.tools.length} tools`);
  } else {
    lines.push(`${pinned} tools match their approved definitions`);
    for (const tool of report.tools) {
      if (tool.status === "pinned") continue;
      const mark = tool.approved ? "approved" : "not approved";
      const since = tool.approvedAt === undefined ? "" : ` (approved ${tool.approvedAt})`;
      lines.push("", `${tool.status.padEnd(7)} ${name(tool)}${since}: ${mark}`);
      for (const line of tool.diff ?? []) lines.push(`    ${line}`);
    }
  }
  for (const server of report.failedServers) {
    lines.push(
      "",
      `server ${untrustedLine(server.name)} could not be checked (${server.reason ?? "failed"}); its pins were left as they are`,
    );
  }
  lines.push("");
  if (report.pending > 0) {
    lines.push(
      `${report.pending} tool(s) await approval. Changed and new tools are withheld from the model until you review them and run \`switchboard pin --approve\`.`,
    );
  } else if (report.written) lines.push(`wrote ${report.lockFile}`);
  else lines.push("nothing to approve");
  return lines.join("\n");
}
