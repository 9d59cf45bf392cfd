/** JSON paths as users read them: `$` root, `.key` for identifier keys, `["key"]` otherwise, `[n]` for indexes. */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export type PathSegment = string | number;

export function formatJsonPath(segments: readonly PropertyKey[]): string {
  let out = "$";
  for (const segment of segments) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (typeof segment === "string" && IDENTIFIER.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out;
}
