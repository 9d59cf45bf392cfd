/**
 * The SDK client's JSON Schema validator (a tool's `structuredContent` against its `outputSchema`) with every
 * `pattern` on the linear-time engine: a server's `^(a+)+$` froze the event loop, timeouts included. The
 * engines and options are the SDK default's (`AjvJsonSchemaValidator`): the dialect `$schema` declares, formats
 * checked. They are built from our own ajv, whose `code.regExp` can be set, on first use, and answer in the
 * SDK's shape through ajv-schema-validator.ts.
 */
import { createRequire } from "node:module";
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/client";
import type { Options } from "ajv";
import { linearRegExpEngine, type OnUnenforcedPattern } from "../schema/linear-regexp.js";
import { type AjvEngine, ajvSchemaValidator } from "./ajv-schema-validator.js";

type Dialect = "2020-12" | "2019-09" | "draft-07";

const load = createRequire(import.meta.url);
const DIALECT_URI =
  /^https?:\/\/json-schema\.org\/(draft\/2020-12|draft\/2019-09|draft-07|draft-06)\/schema#?$/;

/** A validator like the SDK's default whose patterns never backtrack; `onUnenforced` hears of those skipped. */
export function linearJsonSchemaValidator(onUnenforced?: OnUnenforcedPattern): jsonSchemaValidator {
  const validators = new Map<Dialect, jsonSchemaValidator>();
  const validatorFor = (dialect: Dialect) => {
    let validator = validators.get(dialect);
    if (validator === undefined) {
      validator = ajvSchemaValidator(createEngine(dialect, onUnenforced));
      validators.set(dialect, validator);
    }
    return validator;
  };
  return {
    getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
      return validatorFor(dialectOf(schema)).getValidator<T>(schema);
    },
  };
}

function dialectOf(schema: JsonSchemaType): Dialect {
  const declared = (schema as { $schema?: unknown }).$schema;
  if (typeof declared !== "string") return "2020-12";
  const version = DIALECT_URI.exec(declared)?.[1];
  if (version === "draft/2020-12") return "2020-12";
  if (version === "draft/2019-09") return "2019-09";
  if (version !== undefined) return "draft-07";
  throw new Error(
    `JSON Schema declares an unsupported dialect ("$schema": "${declared.slice(0, 200)}"); supported: 2020-12, 2019-09, draft-07 and draft-06`,
  );
}

function createEngine(dialect: Dialect, onUnenforced: OnUnenforcedPattern | undefined): AjvEngine {
  const options: Options = {
    strict: false,
    validateFormats: true,
    validateSchema: false,
    allErrors: true,
    code: { regExp: linearRegExpEngine(onUnenforced) },
  };
  const addFormats = (load("ajv-formats") as typeof import("ajv-formats")).default;
  const engine =
    dialect === "2020-12"
      ? new (load("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js")).Ajv2020(options)
      : dialect === "2019-09"
        ? new (load("ajv/dist/2019.js") as typeof import("ajv/dist/2019.js")).Ajv2019(options)
        : new (load("ajv") as typeof import("ajv")).Ajv(options);
  addFormats(engine);
  return engine as unknown as AjvEngine;
}
