import type { MetaSchemaError } from "./json-schema-meta.js";
import { pythonRepr, pythonString } from "./python-repr.js";

/**
 * Formats a meta-schema failure the way Python's `jsonschema` words it, which is what OpenAI echoes
 * (`'object' is not of type 'object', 'boolean'` [O smallmain/vscode-unify-chat-provider#162]). When several
 * checks fail on one value, the `anyOf` summary wins, as `jsonschema.exceptions.best_match` would pick it.
 */
export function pythonSchemaMessage(errors: readonly MetaSchemaError[]): string | undefined {
  const first = errors[0];
  if (!first) return undefined;
  const summary = errors.find(
    (e) => e.instancePath === first.instancePath && (e.keyword === "anyOf" || e.keyword === "oneOf"),
  );
  const chosen = summary ?? first;
  const value = pythonRepr(chosen.value);
  const params = chosen.params;
  switch (chosen.keyword) {
    case "type": {
      const types = Array.isArray(params.type) ? params.type : [params.type];
      return `${value} is not of type ${types.map((t) => pythonString(String(t))).join(", ")}`;
    }
    case "enum":
      return `${value} is not one of ${pythonRepr(params.allowedValues)}`;
    case "anyOf":
    case "oneOf":
      return `${value} is not valid under any of the given schemas`;
    case "minItems":
      return params.limit === 1 ? `${value} should be non-empty` : `${value} is too short`;
    case "minimum":
      return `${value} is less than the minimum of ${String(params.limit)}`;
    case "uniqueItems":
      return `${value} has non-unique elements`;
    default:
      // [U] not observed: other meta-schema keywords never showed up in a captured OpenAI error.
      return `${value} is not valid under the given schema`;
  }
}
