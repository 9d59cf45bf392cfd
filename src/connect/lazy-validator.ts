/**
 * The SDK client compiles the output schema of every listed tool at the first `callTool` after each listing
 * (measured: 0.5–1 s for 1,000 tools, 4.4 s for 5,000, and ajv's compiled-schema cache never forgets one). A
 * host re-lists on every `list_changed` but calls a handful of tools, so compiling a schema when it is first
 * used gives the same answers (the same ajv, the same schema) for a fraction of the work.
 */
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/client";
import { linearJsonSchemaValidator } from "./linear-json-schema-validator.js";

/**
 * Wraps `inner` so `getValidator` returns at once and compiles on the first validation, once. The default inner
 * validator runs a server's patterns in linear time.
 */
export function lazyValidator(inner: jsonSchemaValidator = linearJsonSchemaValidator()): jsonSchemaValidator {
  return {
    getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
      let compiled: JsonSchemaValidator<T> | undefined;
      return (input) => {
        compiled ??= inner.getValidator<T>(schema);
        return compiled(input);
      };
    },
  };
}
