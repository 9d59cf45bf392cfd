/**
 * ajv loads on the first check, not when the `switchboard` barrel is imported; `require` (it is a CommonJS
 * package) keeps the check synchronous.
 */
import { createRequire } from "node:module";
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";

type Ajv2020Module = typeof import("ajv/dist/2020.js");

const load = createRequire(import.meta.url);

/** One way a schema fails the JSON Schema 2020-12 meta-schema. */
export interface MetaSchemaError {
  /** JSON pointer into the checked schema, e.g. `/properties/type`. */
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  /** The offending value inside the checked schema. */
  value: unknown;
}

const META_2020 = "https://json-schema.org/draft/2020-12/schema";
let metaValidator: ValidateFunction | undefined;

/**
 * Validates a schema *as data* against the 2020-12 meta-schema, whatever its own `$schema` says: Anthropic
 * demands 2020-12 and OpenAI's validator reads schemas the same way. Formats are annotations here (no
 * `format: "regex"` compilation), matching what the providers are seen to enforce.
 */
export function metaSchemaErrors(schema: unknown): MetaSchemaError[] {
  metaValidator ??= compileMeta();
  if (metaValidator(schema)) return [];
  const seen = new Set<string>();
  const errors: MetaSchemaError[] = [];
  for (const error of metaValidator.errors ?? []) {
    const key = `${error.instancePath}\u0000${error.keyword}\u0000${JSON.stringify(error.params)}`;
    if (seen.has(key)) continue; // the 2020-12 vocabularies re-check the same node several times
    seen.add(key);
    errors.push(toMetaError(schema, error));
  }
  return errors;
}

function compileMeta(): ValidateFunction {
  const { Ajv2020 } = load("ajv/dist/2020.js") as Ajv2020Module;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const validate = ajv.getSchema(META_2020);
  if (!validate) throw new Error("ajv did not register the JSON Schema 2020-12 meta-schema");
  return validate;
}

function toMetaError(schema: unknown, error: ErrorObject): MetaSchemaError {
  return {
    instancePath: error.instancePath,
    keyword: error.keyword,
    params: error.params as Record<string, unknown>,
    value: valueAt(schema, error.instancePath),
  };
}

function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === "") return root;
  let current: unknown = root;
  for (const raw of pointer.slice(1).split("/")) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}
