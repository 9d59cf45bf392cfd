import type { JsonObject, JsonValue } from "../spec/json.js";
import { appendNote, dropKeywords, moveToDescription } from "./constraints-to-description.js";
import { canonicalText, defineKey, isObject, own, renderValue, uniqueValues, without } from "./json-utils.js";
import { mergeAllOf } from "./merge-all-of.js";
import type { RepairContext } from "./repair-context.js";

export interface LiftOptions {
  /** OpenAI also rejects `not` (and, we assume, `if`/`then`/`else`) at the top level (docs/provider-rules.md#openai-tools rule 3). */
  dropRootAssertions: boolean;
}

const COMBINATORS = ["allOf", "anyOf", "oneOf"];

/**
 * Every provider rejects `anyOf`/`oneOf`/`allOf` at the root (docs/provider-rules.md#regressions #1, #18). `allOf` branches are
 * merged; `anyOf`/`oneOf` object branches are lifted into one object: properties united (a name with
 * different schemas in different branches becomes an `anyOf` of them), `required` = the root's own plus the
 * names every branch requires, and the alternatives are spelled out in the description. Non-object branches
 * are dropped. Finally the root gets `type: "object"`.
 */
export function liftRootCombinators(root: JsonObject, ctx: RepairContext, options: LiftOptions): JsonObject {
  let node = root;
  for (let round = 0; round < 8 && COMBINATORS.some((key) => Object.hasOwn(node, key)); round += 1) {
    node = mergeAllOf(node, "", ctx);
    for (const key of ["anyOf", "oneOf"])
      if (Object.hasOwn(node, key)) node = liftAlternatives(node, key, ctx);
  }
  node = dropKeywords(node, COMBINATORS, "", ctx, "is nested too deeply at the root");
  // Tool arguments are one object: a root enum/const would fix them to listed values (and OpenAI rejects it).
  node = moveToDescription(node, ["enum", "const"], "", ctx, "is not accepted at the root");
  if (options.dropRootAssertions) {
    node = dropKeywords(node, ["not", "if", "then", "else"], "", ctx, "is not accepted at the root");
  }
  return ctx.keepPath(fixRootType(node, ctx), "");
}

function isObjectLike(branch: JsonObject): boolean {
  const type = own(branch, "type");
  return type === undefined || type === "object" || (Array.isArray(type) && type.includes("object"));
}

function stringsOf(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

function liftAlternatives(node: JsonObject, keyword: string, ctx: RepairContext): JsonObject {
  const branches = (node[keyword] as JsonValue[])
    .filter(isObject)
    .map((branch) => mergeAllOf(branch, "", ctx));
  const kept = branches.filter(isObjectLike);
  if (kept.length < branches.length) {
    const types = branches
      .filter((branch) => !isObjectLike(branch))
      .map((branch) => JSON.stringify(branch.type));
    ctx.warn(
      "root-branch-dropped",
      `/${keyword}`,
      `root ${keyword} branches of type ${types.join(", ")} dropped (tool arguments are always an object)`,
    );
  }
  const rest = without(node, keyword);
  const rootProps = isObject(rest.properties) ? rest.properties : {};
  const properties: JsonObject = { ...rootProps };
  const variants = new Map<string, JsonValue[]>();
  for (const branch of kept) {
    const props = branch.properties;
    if (!isObject(props)) continue;
    for (const name of Object.keys(props)) {
      if (Object.hasOwn(rootProps, name)) continue;
      const list = variants.get(name) ?? [];
      list.push(props[name] as JsonValue);
      variants.set(name, list);
    }
  }
  for (const [name, list] of variants) {
    const unique = uniqueValues(list);
    defineKey(properties, name, unique.length === 1 ? (unique[0] as JsonValue) : { anyOf: unique });
  }
  const requiredSets = kept.map((branch) => stringsOf(branch.required));
  const common =
    requiredSets.length === 0 ? [] : requiredSets.reduce((a, b) => a.filter((name) => b.includes(name)));
  const required = [...stringsOf(rest.required)];
  for (const name of common) if (!required.includes(name)) required.push(name);
  let lifted: JsonObject = { ...rest, properties };
  if (required.length > 0) lifted = { ...lifted, required };
  ctx.warn(
    "root-combinator-lifted",
    "",
    `root ${keyword} of ${branches.length} branches lifted into one object`,
  );
  return kept.length > 1 ? appendNote(lifted, summarize(kept, keyword)) : lifted;
}

function summarize(branches: JsonObject[], keyword: string): string {
  const parts = branches.map((branch, index) => {
    const label = [branch.title, branch.description].find(
      (text) => typeof text === "string" && text.trim() !== "",
    );
    const required = stringsOf(branch.required);
    // Sorted, as the array's `properties` are: the summary must not follow the server's key order.
    const names = isObject(branch.properties) ? Object.keys(branch.properties).sort() : [];
    const shape =
      required.length > 0 ? `requires ${required.join(", ")}` : `properties ${names.join(", ") || "none"}`;
    return `(${index + 1}) ${label === undefined ? "" : `${renderValue(label as string, 100)}: `}${shape}`;
  });
  const quantity = keyword === "oneOf" ? "exactly one" : "at least one";
  return `arguments must match ${quantity} of: ${parts.join("; ")}`;
}

/** The root as `type: "object"`: added when missing, narrowed from a type list, replaced when not an object. */
export function fixRootType(node: JsonObject, ctx: RepairContext): JsonObject {
  const type = own(node, "type");
  if (type === "object") return node;
  if (type === undefined) {
    ctx.warn("root-type-fixed", "", 'root schema has no type; set to "object"');
    return { type: "object", ...node };
  }
  if (Array.isArray(type) && type.includes("object")) {
    ctx.warn("root-type-fixed", "", `root type ${JSON.stringify(type)} narrowed to "object"`);
    return { ...node, type: "object" };
  }
  ctx.warn(
    "root-type-fixed",
    "",
    `root type ${JSON.stringify(type)} cannot describe tool arguments (always an object); replaced by an object`,
  );
  const kept: JsonObject = { type: "object" };
  for (const key of ["title", "description", "properties", "required"]) {
    const value = own(node, key);
    if (value !== undefined) defineKey(kept, key, value);
  }
  return appendNote(kept, `the server declared the arguments as ${renderValue(canonicalText(type), 60)}`);
}
