import type { CliIo } from "./main.js";

/**
 * One status line on stderr that redraws in place while servers connect. Silent when stderr is not a terminal,
 * so logs and `--json` pipelines stay clean.
 */
export function progressLine(
  io: CliIo,
  total: number,
): { update(states: Map<string, string>): void; done(): void } {
  let drawn = false;
  const frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
  let frame = 0;
  return {
    update(states) {
      if (!io.interactive) return;
      let ready = 0;
      let failed = 0;
      for (const state of states.values()) {
        if (state === "ready") ready += 1;
        if (state === "failed") failed += 1;
      }
      const waiting = [...states].filter(([, state]) => state === "connecting").map(([name]) => name);
      const spinner = frames[frame++ % frames.length];
      const tail = waiting.length > 0 ? ` · waiting for ${waiting.slice(0, 3).join(", ")}` : "";
      io.redraw?.(
        `${spinner} connecting ${ready}/${total} ready${failed > 0 ? `, ${failed} failed` : ""}${tail}`,
      );
      drawn = true;
    },
    done() {
      if (drawn) io.redraw?.("");
    },
  };
}
