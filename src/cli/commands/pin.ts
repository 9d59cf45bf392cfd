/**
 * `switchboard pin`: compares every tool the configured servers list now with `switchboard.lock` (next to the
 * config file). The first run pins everything (the first approval). Later runs show each changed tool as a diff
 * of its approved and current definition, and list new and removed tools; `--approve` accepts them (all, or the
 * `--tool server/tool` given) and rewrites the lock file. Until then a changed tool is withheld from the model.
 * Exit 0 when the lock file matches every server, 1 when something awaits approval or a server could not be
 * checked.
 */
import { resolve } from "node:path";
import { SwitchboardError } from "../../errors.js";
import { approvePins } from "../../pinning/approve-pins.js";
import { checkPins, isPending, type PinCheck, type PinStatus } from "../../pinning/check-pins.js";
import { diffDefinitions } from "../../pinning/definition-diff.js";
import { readLockFile, writeLockFile } from "../../pinning/lock-file.js";
import { untrustedLine } from "../../pinning/untrusted-text.js";
import { lockPathFor } from "../../session/apply-pins.js";
import { connectForCli } from "../connect-for-cli.js";
import { listingFeatures } from "../listing-features.js";
import { loadCliConfig } from "../load-cli-config.js";
import type { CliIo } from "../main.js";
import { renderPinReport } from "../render/pin-text.js";

export interface PinOptions {
  config?: string;
  /** Default: `switchboard.lock` next to the config file. */
  lock?: string;
  approve?: boolean;
  /** `server/tool` names to approve (with `--approve`); default all pending. */
  tool?: string[];
  server?: string[];
  json?: boolean;
}

export interface PinReportTool {
  server: string;
  tool: string;
  status: PinStatus;
  approvedAt?: string;
  /** For `changed`: the approved definition against the current one, line by line. */
  diff?: string[];
  /** Approved by this run. */
  approved: boolean;
}

export interface PinReport {
  lockFile: string;
  /** There was no lock file: everything listed was pinned. */
  firstApproval: boolean;
  written: boolean;
  tools: PinReportTool[];
  /** Servers that could not be checked (their pins were left as they were). */
  failedServers: { name: string; reason?: string }[];
  /** Still awaiting approval after this run. */
  pending: number;
}

export async function pinCommand(options: PinOptions, io: CliIo): Promise<number> {
  if (options.tool !== undefined && !options.approve) {
    throw new SwitchboardError("USAGE", "--tool selects what --approve approves; add --approve");
  }
  const config = await loadCliConfig(options.config, io);
  const lockPath = resolve(io.cwd, options.lock ?? lockPathFor(config));
  const lock = await readLockFile(lockPath);
  // Declares what `run` and `serve` declare: servers that list tools by client capability list the same ones.
  const host = await connectForCli(config, io, options.server, {
    features: listingFeatures(config, io.cwd),
  });
  try {
    const listed = new Set(
      host.servers.filter((server) => server.state === "ready").map((server) => server.name),
    );
    const checks = checkPins(host.catalog.snapshot().tools, lock, listed);
    const chosen = chooser(options.tool, checks);
    const firstApproval = lock === undefined;
    const approving = firstApproval || options.approve === true;
    const approved = new Set<PinCheck>(
      approving ? checks.filter((check) => isPending(check) && chosen(check)) : [],
    );
    if (approving)
      await writeLockFile(lockPath, approvePins(lock, checks, { now: new Date(), only: chosen }));
    const report: PinReport = {
      lockFile: lockPath,
      firstApproval,
      written: approving,
      tools: checks.map((check) => reportTool(check, approved.has(check))),
      failedServers: host.servers
        .filter((server) => server.state === "failed")
        .map((server) => ({
          name: server.name,
          ...(server.reason === undefined ? {} : { reason: server.reason }),
        })),
      pending: checks.filter((check) => isPending(check) && !approved.has(check)).length,
    };
    io.out(options.json ? JSON.stringify(report, null, 2) : renderPinReport(report), {
      exact: options.json === true,
    });
    return report.pending > 0 || report.failedServers.length > 0 ? 1 : 0;
  } finally {
    await host.close();
  }
}

/** Which pending checks `--tool` names; every name must match one. */
function chooser(
  names: readonly string[] | undefined,
  checks: readonly PinCheck[],
): (check: PinCheck) => boolean {
  if (names === undefined) return () => true;
  const wanted = new Set(names);
  for (const name of wanted) {
    if (!checks.some((check) => isPending(check) && `${check.server}/${check.tool}` === name)) {
      throw new SwitchboardError(
        "USAGE",
        `--tool ${untrustedLine(name)}: no new, changed or removed tool of that name (use server/tool)`,
      );
    }
  }
  return (check) => wanted.has(`${check.server}/${check.tool}`);
}

function reportTool(check: PinCheck, approved: boolean): PinReportTool {
  const tool: PinReportTool = { server: check.server, tool: check.tool, status: check.status, approved };
  if (check.pin !== undefined) tool.approvedAt = check.pin.approvedAt;
  if (check.status === "changed" && check.pin !== undefined && check.current !== undefined) {
    tool.diff = diffDefinitions(check.pin.definition, check.current);
  }
  return tool;
}
