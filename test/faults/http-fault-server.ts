/** Starts the `fault-http` fixture as a child process and waits for the port it prints. */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fixtureCommand } from "../fixtures/fixture-command.js";

export interface RunningFaultHttp {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startFaultHttp(
  fault: string,
  env: Record<string, string> = {},
): Promise<RunningFaultHttp> {
  const { command, args } = fixtureCommand("fault-http");
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH ?? "", FAULT: fault, FAULT_LABEL: "faulty", ...env },
    stdio: ["ignore", "pipe", "ignore"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const first = await Promise.race([
    new Promise<string>((resolve) => lines.once("line", resolve)),
    exited.then(() => {
      throw new Error(`fault-http (${fault}) exited before listening`);
    }),
  ]);
  lines.close();
  child.stdout.resume();
  const { port } = JSON.parse(first) as { port: number };
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    pid: child.pid ?? -1,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
