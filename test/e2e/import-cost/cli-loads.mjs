/**
 * `node --import` preload for cli-import-cost.test.ts: records every module the CLI loads through the ESM loader
 * (record-loads.mjs) into the file named by SWITCHBOARD_TEST_LOADS_FILE. The variable is removed first, so a
 * server the CLI starts does not record into the same file.
 */
import { writeFileSync } from "node:fs";
import { register } from "node:module";

const out = process.env.SWITCHBOARD_TEST_LOADS_FILE;
delete process.env.SWITCHBOARD_TEST_LOADS_FILE;
if (out !== undefined && out !== "") {
  writeFileSync(out, "");
  register(new URL("./record-loads.mjs", import.meta.url), { data: { out } });
}
