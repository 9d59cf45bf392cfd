/**
 * The two ajv instances that check a tool call's arguments (draft 2020-12 and draft-07), made on first use: ajv
 * is the largest module a host would otherwise load at `import "switchboard"`, and most programs never check an
 * argument locally. `require` (ajv is CommonJS) keeps the checks synchronous.
 */
import { createRequire } from "node:module";
import type { Ajv } from "ajv";
import type { Ajv2020 } from "ajv/dist/2020.js";
import { linearRegExpEngine } from "./linear-regexp.js";

type AjvModule = typeof import("ajv");
type Ajv2020Module = typeof import("ajv/dist/2020.js");

const load = createRequire(import.meta.url);

/** One ajv per dialect, with the options every argument check shares. */
export interface ArgumentCompilers {
  draft2020: Ajv2020;
  draft7: Ajv;
}

/**
 * Loads ajv (once per process, through the require cache) and makes a fresh pair of compilers: lenient (`strict`
 * off, formats unchecked, schemas not meta-validated), every error reported, patterns in linear time.
 */
export function argumentCompilers(): ArgumentCompilers {
  const { Ajv: AjvClass } = load("ajv") as AjvModule;
  const { Ajv2020: Ajv2020Class } = load("ajv/dist/2020.js") as Ajv2020Module;
  const options = {
    strict: false,
    allErrors: true,
    validateFormats: false,
    validateSchema: false,
    // Tools often share one `$id`; registered, the third such schema would fail to compile and go unchecked.
    addUsedSchema: false,
    code: { regExp: linearRegExpEngine() },
  } as const;
  return { draft2020: new Ajv2020Class(options), draft7: new AjvClass(options) };
}
