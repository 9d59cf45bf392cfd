#!/usr/bin/env node
// Thin launcher: the bundled CLI lives in dist/bundle/ (built by `npm ci` through the `prepare` script).
import module from "node:module";

// Node 22.1+ keeps the compiled modules on disk (os.tmpdir()/node-compile-cache, keyed by their content; off with
// NODE_DISABLE_COMPILE_CACHE=1), as tsc and npm do for their CLIs; `switchboard tools` on Node 22 starts about 37 ms
// sooner. Node 20 has no such cache. The library never does this: it would change its host process.
module.enableCompileCache?.();

import("../dist/bundle/cli/main.js")
  .then((m) => m.main(process.argv))
  .catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
