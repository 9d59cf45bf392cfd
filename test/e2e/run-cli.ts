/** Runs the real CLI (`bin/switchboard.js`, the compiled `dist/`) as a child process and collects its output. */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
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
  options: {
    cwd?: string;
    env?: Record<string, string>;
    input?: string;
    timeoutMs?: number;
    /** Node's own flags, before the CLI's path (a `--import` preload). */
    nodeArgs?: readonly string[];
  } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), bin, ...args], {
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

export interface StartedCli {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** The exit code once the CLI and its output streams have closed (null: killed by a signal). */
  exited: Promise<number | null>;
}

/**
 * Starts the CLI and returns at once, for tests that talk to it or signal it: `cwd` is also its HOME, the
 * ledger is off and the Anthropic provider points at `anthropicBaseUrl` (an emulator). `detached`: in a
 * process group of its own, as a shell starts a foreground job.
 */
export function startCli(
  args: readonly string[],
  options: { cwd: string; anthropicBaseUrl: string; detached?: boolean },
): StartedCli {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: options.cwd,
      SWITCHBOARD_LEDGER: "off",
      ANTHROPIC_API_KEY: "test",
      ANTHROPIC_BASE_URL: options.anthropicBaseUrl,
    },
    stdio: ["pipe", "pipe", "pipe"],
    detached: options.detached === true,
  });
  const output = captureOutput(child);
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  return { child, stdout: () => output.stdout, stderr: () => output.stderr, exited };
}

/**
 * Runs the built CLI and hands each stderr chunk to `onStderr` while it runs (to follow a printed URL), with a way
 * to type into its stdin (closed at once unless `typed` is given; the pipe then stays open until the CLI exits).
 */
export function runCliLive(
  args: string[],
  env: Record<string, string>,
  onStderr: (text: string, type: (line: string) => void) => void,
  typed = false,
) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? "", SWITCHBOARD_LEDGER: "off", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    if (!typed) child.stdin.end();
    const type = (line: string) => child.stdin.write(`${line}\n`);
    const output = captureOutput(child, (text) => onStderr(text, type));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: output.stdout, stderr: output.stderr });
    });
  });
}
