/**
 * What the SDK packages' `_shims` subpath gives them on Node (`@modelcontextprotocol/client/_shims` and
 * `@modelcontextprotocol/server/_shims`), with our validator as the default one: scripts/bundle.mjs points both
 * imports here. The SDK's Node shim is its own bundled ajv, a 308 KB module compiled and run at the first
 * connect although every client switchboard makes is handed linearJsonSchemaValidator. Ours has the same ajv
 * options and dialects, and a schema's patterns cannot backtrack. tsc's dist/ (not what `exports` serves) keeps
 * the SDK's shim.
 */
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/client";
import { linearJsonSchemaValidator } from "./linear-json-schema-validator.js";

/** The process whose stdin and stdout the server SDK's stdio transport uses when given none. */
export const process: NodeJS.Process = globalThis.process;

/** In Node a `TypeError` from `fetch` is a network or configuration error, never CORS (the SDK's Node value). */
export const CORS_IS_POSSIBLE = false;

/** The validator the SDK builds when its caller passes none (a server's `McpServer`, `fromJsonSchema`). */
export class DefaultJsonSchemaValidator implements jsonSchemaValidator {
  readonly #inner = linearJsonSchemaValidator();

  /** A check of values against `schema`, in the SDK's result shape. */
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    return this.#inner.getValidator<T>(schema);
  }
}
