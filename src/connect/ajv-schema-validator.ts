/**
 * The SDK's `jsonSchemaValidator` contract over one ajv engine we built, answering as the SDK's
 * `AjvJsonSchemaValidator` does when handed an engine: a schema with a string `$id` is compiled once per engine,
 * a failure's message is the engine's `errorsText`. Ours because the SDK's class lives in a module that carries
 * a second, bundled ajv (308 KB, evaluated at import): a first connect compiled and ran it for nothing.
 */
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/client";

/** The part of an ajv instance (any dialect) this needs. */
export interface AjvEngine {
  compile(schema: object): AjvCheck;
  getSchema(id: string): AjvCheck | undefined;
  errorsText(errors?: AjvCheck["errors"]): string;
}

/** A compiled ajv validate function. */
export type AjvCheck = ((value: unknown) => boolean) & { errors?: unknown[] | null };

/** A `jsonSchemaValidator` that compiles with `engine` and answers in the SDK's result shape. */
export function ajvSchemaValidator(engine: AjvEngine): jsonSchemaValidator {
  return {
    getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
      const id = (schema as { $id?: unknown }).$id;
      const check =
        typeof id === "string" ? (engine.getSchema(id) ?? engine.compile(schema)) : engine.compile(schema);
      return (input) =>
        check(input)
          ? { valid: true, data: input as T, errorMessage: undefined }
          : { valid: false, data: undefined, errorMessage: engine.errorsText(check.errors) };
    },
  };
}
