import picomatch from "picomatch";

/**
 * Why a tool-name glob is unusable, or undefined when it is fine. `strictBrackets` makes an unclosed `[`, `(` or
 * `{` an error instead of silently matching it literally, which is almost always a typo in a filter.
 */
export function globProblem(glob: string): string | undefined {
  if (glob === "") return "expected a non-empty glob";
  try {
    picomatch.makeRe(glob, { strictBrackets: true });
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `invalid glob ${JSON.stringify(glob)}: ${reason}`;
  }
}
