/**
 * `switchboard serve --stdio` as a child process driven byte by byte: what a broken or hostile client writes
 * goes to its stdin as is, and every line of its stdout is read back as JSON. An SDK client cannot be used for
 * this: it never writes garbage, and it drops answers it did not ask for.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { twinServer, until } from "./gateway-harness.js";
import { repoRoot } from "./run-cli.js";

const bin = join(repoRoot, "bin", "switchboard.js");

/** One line the gateway wrote, parsed. */
export interface Answer {
  jsonrpc?: string;
  id?: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

export interface RawGateway {
  readonly pid: number;
  /** Every line of stdout so far, parsed (a line that is not JSON fails the test when it is read). */
  readonly answers: Answer[];
  stderr(): string;
  /** Writes to stdin, waiting for the pipe to drain. */
  write(data: string | Buffer): Promise<void>;
  /** A request as one line. */
  request(id: string | number, method: string, params?: Record<string, unknown>): Promise<void>;
  /** The first answer with this id, once it arrives. */
  answerTo(id: string | number | null, timeoutMs?: number): Promise<Answer>;
  /** Ends stdin (the client hangs up) and waits for the process to exit. */
  hangUp(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(): void;
}

/** A config with one twin fixture server, written into `dir`. */
export function writeTwinConfig(dir: string): string {
  const file = join(dir, "switchboard.json");
  const twin = twinServer("twin", "A");
  writeFileSync(file, JSON.stringify({ mcpServers: { twin: { command: twin.command, args: twin.args } } }));
  return file;
}

/** Starts the gateway and completes the 2025-era handshake at `protocolVersion`. */
export async function startRawGateway(
  config: string,
  options: { protocolVersion?: string; home: string; capabilities?: Record<string, unknown> },
): Promise<RawGateway> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [bin, "serve", "--stdio", "--config", config],
    { env: { PATH: process.env.PATH ?? "", HOME: options.home, SWITCHBOARD_LEDGER: "off" } },
  );
  const answers: Answer[] = [];
  let stderr = "";
  let pending = "";
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    pending += chunk;
    for (let end = pending.indexOf("\n"); end !== -1; end = pending.indexOf("\n")) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      answers.push(JSON.parse(line) as Answer);
    }
  });
  child.once("exit", (code, signal) => {
    exit = { code, signal };
  });
  // Writes after the gateway exited must not crash the test process.
  child.stdin.on("error", () => {});

  const write = (data: string | Buffer) =>
    new Promise<void>((resolve, reject) => {
      child.stdin.write(data, (error) => (error ? reject(error) : resolve()));
    });
  const answerTo = async (id: string | number | null, timeoutMs = 30_000) => {
    await until(
      () => answers.some((answer) => answer.id === id) || exit !== undefined,
      timeoutMs,
      `an answer to ${JSON.stringify(id)}; stderr:\n${stderr}`,
    );
    const answer = answers.find((candidate) => candidate.id === id);
    if (answer === undefined)
      throw new Error(`The gateway exited (${JSON.stringify(exit)}); stderr:\n${stderr}`);
    return answer;
  };
  const gateway: RawGateway = {
    pid: child.pid ?? -1,
    answers,
    stderr: () => stderr,
    write,
    request: (id, method, params) =>
      write(
        `${JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) })}\n`,
      ),
    answerTo,
    async hangUp(timeoutMs = 20_000) {
      child.stdin.end();
      await until(() => exit !== undefined, timeoutMs, `the gateway to exit; stderr:\n${stderr}`);
      return exit!;
    },
    kill: () => {
      if (exit === undefined) child.kill("SIGKILL");
    },
  };
  await gateway.request("init", "initialize", {
    protocolVersion: options.protocolVersion ?? "2025-11-25",
    capabilities: options.capabilities ?? {},
    clientInfo: { name: "raw", version: "1" },
  });
  const init = await gateway.answerTo("init", 60_000);
  if (init.result === undefined) throw new Error(`initialize failed: ${JSON.stringify(init)}`);
  await write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  return gateway;
}
