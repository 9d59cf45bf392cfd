/**
 * `node --import` preload for the inspect row: at exit, writes this process's own peak RSS
 * (`process.resourceUsage().maxRSS`, KiB) to the file named by SWITCHBOARD_BENCH_MAXRSS_FILE. The variable is
 * removed from the environment first, so no child (an MCP server) inherits it and overwrites the file; a child's
 * memory is never counted (unlike /usr/bin/time, whose figure includes reaped children).
 */
import { writeFileSync } from "node:fs";

const file = process.env.SWITCHBOARD_BENCH_MAXRSS_FILE;
delete process.env.SWITCHBOARD_BENCH_MAXRSS_FILE;
if (file !== undefined && file !== "") {
  process.on("exit", () => writeFileSync(file, `${process.resourceUsage().maxRSS}\n`));
}
