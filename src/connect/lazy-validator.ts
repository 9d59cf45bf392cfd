/**
 * The SDK client compiles the output schema of every listed tool at the first `callTool` after each listing
 * (measured: 0.5–1 s for 1,000 tools, 4.4 s for 5,000, and ajv's compiled-schema cache never forgets one). A
 * host re-lists on every `list_changed` but calls a handful of tools, so compiling a schema when it is first
 * used gives the same answers (the same ajv, the same schema) for a fraction of the work. Compiled validators are
 * kept per schema object (weakly): every call hands the SDK its tool's listed definition, the same frozen object
 * until the tool changes, so a tool's schema is compiled once and not once per call.
 */
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/client";
import { linearJsonSchemaValidator } from "./linear-json-schema-validator.js";

/**
 * Wraps `inner` so `getValidator` returns at once and compiles on the first validation, once per schema. The
 * default inner validator runs a server's patterns in linear time.
 */
export function lazyValidator(inner: jsonSchemaValidator = linearJsonSchemaValidator()): jsonSchemaValidator {
  const known = new WeakMap<object, JsonSchemaValidator<unknown>>();
  return {
    getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
      let compiled: JsonSchemaValidator<T> | undefined;
      return (input) => {
        if (compiled === undefined) {
          compiled = known.get(schema) as JsonSchemaValidator<T> | undefined;
          if (compiled === undefined) {
            compiled = inner.getValidator<T>(schema);
            known.set(schema, compiled as JsonSchemaValidator<unknown>);
          }
        }
        return compiled(input);
      };
    },
  };
}
