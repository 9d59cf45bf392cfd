/**
 * One page of `resources/list`, `resources/templates/list` or `prompts/list`, read without the SDK's 2025-era
 * result schemas, for the shapes real servers send. Read here: the page's `_meta` (its progress token and related
 * task as the schema has them, other members as they are), `nextCursor`, members the page schema does not name
 * (kept as they are, since it is a loose object), and the items with every member their schema names: strings,
 * `size`, `icons`, `_meta` (a loose object, its members as they are), a prompt's `arguments`, and `annotations`
 * with `audience`, a `priority` within [0, 1] and an RFC 3339 `lastModified`. For those the schema's answer is
 * known: the same members in the schema's key order (see schema-readers.ts), which is what this returns
 * (list-result.property.test.ts holds the two equal).
 *
 * Anything else returns undefined, and the caller asks the SDK's validator: an item, icon, argument or
 * annotations object with a member its schema does not name (the schema would drop it), a related task with
 * one, a `__proto__` member in any object it reads (every schema drops one; values kept as they are are not
 * looked into, nor does the schema), or a malformed page.
 */
import {
  arrayOf,
  boolean,
  finiteNumber,
  icons,
  objectOf,
  oneOf,
  optional,
  type Read,
  required,
  string,
} from "./schema-readers.js";

/** The listings read here. */
export type ListMethod = "resources/list" | "resources/templates/list" | "prompts/list";

/** `z.iso.datetime({ offset: true })`: RFC 3339 with seconds, an optional fraction, and `Z` or an offset. */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** A date-time string that names a real day (the schema knows each month's length and the leap years). */
const dateTime: Read<string> = (value) => {
  if (typeof value !== "string") return undefined;
  const match = DATE_TIME.exec(value);
  if (match === null) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month) ? value : undefined;
};

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** `AnnotationsSchema`. */
const annotations = objectOf(
  [
    optional("audience", arrayOf(oneOf(["user", "assistant"]))),
    optional("priority", (value) => {
      const priority = finiteNumber(value);
      return priority !== undefined && priority >= 0 && priority <= 1 ? priority : undefined;
    }),
    optional("lastModified", dateTime),
  ],
  "refuse",
);

/** An item's `_meta`, `z.looseObject({})`: its members as they are. */
const itemMeta = objectOf([], "keep");

/** `ResourceSchema`. */
const resource = objectOf(
  [
    required("name", string),
    optional("title", string),
    optional("icons", icons),
    required("uri", string),
    optional("description", string),
    optional("mimeType", string),
    optional("size", finiteNumber),
    optional("annotations", annotations),
    optional("_meta", itemMeta),
  ],
  "refuse",
);

/** `ResourceTemplateSchema`. */
const resourceTemplate = objectOf(
  [
    required("name", string),
    optional("title", string),
    optional("icons", icons),
    required("uriTemplate", string),
    optional("description", string),
    optional("mimeType", string),
    optional("annotations", annotations),
    optional("_meta", itemMeta),
  ],
  "refuse",
);

/** `PromptSchema`. */
const prompt = objectOf(
  [
    required("name", string),
    optional("title", string),
    optional("icons", icons),
    optional("description", string),
    optional(
      "arguments",
      arrayOf(
        objectOf(
          [required("name", string), optional("description", string), optional("required", boolean)],
          "refuse",
        ),
      ),
    ),
    optional("_meta", itemMeta),
  ],
  "refuse",
);

/** `ProgressTokenSchema`: a string or a safe integer. */
const progressToken: Read = (value) =>
  typeof value === "string" || Number.isSafeInteger(value) ? value : undefined;

/** A result's `_meta` (`RequestMetaSchema`, a loose object). */
const resultMeta = objectOf(
  [
    optional("progressToken", progressToken),
    optional("io.modelcontextprotocol/related-task", objectOf([required("taskId", string)], "refuse")),
  ],
  "keep",
);

/** `PaginatedResultSchema` extended by the listing's array: a loose object. */
function page(key: string, item: Read): Read<Record<string, unknown>> {
  return objectOf(
    [optional("_meta", resultMeta), optional("nextCursor", string), required(key, arrayOf(item))],
    "keep",
  );
}

const PAGES: Record<ListMethod, Read<Record<string, unknown>>> = {
  "resources/list": page("resources", resource),
  "resources/templates/list": page("resourceTemplates", resourceTemplate),
  "prompts/list": page("prompts", prompt),
};

/**
 * One page of `method`'s listing as the SDK's validator would return it (the same members, key order included),
 * or undefined when it is not of the shapes above. `value` is what JSON.parse made of the server's answer.
 */
export function readListResult(method: ListMethod, value: unknown): Record<string, unknown> | undefined {
  return PAGES[method](value);
}
