/**
 * Module hooks (`module.register`) for spawn-before-sdk.test.ts: the first module of the MCP client SDK is held
 * back until the stdio server has started (its `marker` file has `markerLines` lines), or until `waitMs` passed.
 * A host that spawns its servers only once the SDK has loaded can never see the marker here: its server is not
 * running while the SDK's load waits. Appends `marker-present <url>` or `marker-absent <url>` to `report`.
 * `failSdk`: the load then fails, as an SDK that cannot be loaded would.
 */
import { appendFileSync, readFileSync } from "node:fs";

let options = { marker: "", markerLines: 1, report: "", waitMs: 0, failSdk: false };
let gated = false;

export function initialize(data) {
  options = data;
}

function markerComplete() {
  try {
    return readFileSync(options.marker, "utf8").split("\n").filter(Boolean).length >= options.markerLines;
  } catch {
    return false;
  }
}

export async function load(url, context, next) {
  if (!gated && url.includes("/node_modules/@modelcontextprotocol/client/")) {
    gated = true;
    const deadline = Date.now() + options.waitMs;
    while (!markerComplete() && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    appendFileSync(options.report, `${markerComplete() ? "marker-present" : "marker-absent"} ${url}\n`);
    if (options.failSdk) throw new Error("gate-sdk: the MCP client SDK failed to load (test)");
  }
  return next(url, context);
}
