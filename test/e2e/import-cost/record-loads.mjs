/**
 * Module hooks (`module.register`) that append the URL of every module loaded through the ESM loader to a file.
 * Synchronous writes: by the time an `import()` settles, every module it loaded is in the file.
 */
import { appendFileSync } from "node:fs";

let out = "";

export function initialize(data) {
  out = data.out;
}

export async function load(url, context, next) {
  appendFileSync(out, `${url}\n`);
  return next(url, context);
}
