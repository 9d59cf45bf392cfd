import { createRequire } from "node:module";
import type Picomatch from "picomatch";

const load = createRequire(import.meta.url);
let picomatchModule: typeof Picomatch | undefined;

/** picomatch, required at the first glob compiled rather than at import (it is CommonJS: same instance). */
function picomatch(): typeof Picomatch {
  picomatchModule ??= load("picomatch") as typeof Picomatch;
  return picomatchModule;
}

/**
 * Why a tool-name glob is unusable, or undefined when it is fine. `strictBrackets` makes an unclosed `[`, `(` or
 * `{` an error instead of silently matching it literally, which is almost always a typo in a filter.
 */
export function globProblem(glob: string): string | undefined {
  if (glob === "") return "expected a non-empty glob";
  try {
    picomatch().makeRe(glob, { strictBrackets: true });
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `invalid glob ${JSON.stringify(glob)}: ${reason}`;
  }
}
