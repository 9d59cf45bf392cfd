/**
 * `--import` preload for cli-compile-cache.test.ts: stands in for Node 22's `module.enableCompileCache` (this
 * runtime may have none) and records each call in the file `COMPILE_CACHE_SPY` names, writing no cache itself.
 */
import { appendFileSync } from "node:fs";
import module from "node:module";

module.enableCompileCache = (...args) => {
  appendFileSync(process.env.COMPILE_CACHE_SPY, `${JSON.stringify(args)}\n`);
  return { status: 0 };
};
