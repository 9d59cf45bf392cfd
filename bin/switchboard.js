#!/usr/bin/env node
// Thin launcher: the bundled CLI lives in dist/bundle/ (built by `npm ci` through the `prepare` script).
import("../dist/bundle/cli/main.js")
  .then((m) => m.main(process.argv))
  .catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
