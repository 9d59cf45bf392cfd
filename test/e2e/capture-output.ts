import type { ChildProcessByStdio } from "node:child_process";
import type { Readable, Writable } from "node:stream";

/** Everything a child wrote so far, as text; `onStderr` sees the whole stderr after every chunk. */
export interface CapturedOutput {
  readonly stdout: string;
  readonly stderr: string;
}

export function captureOutput(
  child: ChildProcessByStdio<Writable | null, Readable, Readable>,
  onStderr?: (stderr: string) => void,
): CapturedOutput {
  const captured = { stdout: "", stderr: "" };
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    captured.stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    captured.stderr += chunk;
    onStderr?.(captured.stderr);
  });
  return captured;
}
