/** Runs the real CLI (`bin/switchboard.js`, the compiled `dist/`) as a child process and collects its output. */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { captureOutput } from "./capture-output.js";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const bin = fileURLToPath(new URL("../../bin/switchboard.js", import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string>; input?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: options.cwd ?? repoRoot,
      // The ledger stays off unless a test asks for one: CLI tests must not write to the real state directory.
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "/tmp",
        SWITCHBOARD_LEDGER: "off",
        ...options.env,
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const output = captureOutput(child);
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`CLI timed out: switchboard ${args.join(" ")}\n${output.stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: output.stdout, stderr: output.stderr });
    });
    child.stdin.end(options.input ?? "");
  });
}
