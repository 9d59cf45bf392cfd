import { spawn } from "node:child_process";
import { captureOutput } from "./capture-output.js";

/**
 * Runs a probe script in a fresh Node process with a minimal environment (PATH and HOME only, so nothing of the
 * test runner's leaks in) and resolves with the one JSON value it prints; a non-zero exit rejects with its stderr.
 */
export function runJsonProbe<T>(args: readonly string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = captureOutput(child);
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`probe exited with ${code}:\n${output.stderr}`));
      else resolve(JSON.parse(output.stdout) as T);
    });
  });
}
