/**
 * Deterministic synthetic tool catalogue: tool i always has the same name, description and schemas, so every
 * client lists byte-identical JSON. Shapes follow what real servers publish (ids with patterns, paged queries,
 * enums, nested filters, arrays, date-times, some `$defs`/`$ref`, some closed objects, some `outputSchema`).
 */

const domains = ["crm", "git", "jira", "drive", "mail", "calendar", "billing", "search", "deploy", "metrics"];
const verbs = ["list", "get", "create", "update", "delete", "search", "archive", "export"];
const nouns = [
  "contacts",
  "issues",
  "files",
  "messages",
  "events",
  "invoices",
  "pages",
  "releases",
  "alerts",
];

const pick = (list, index) => list[index % list.length];

const fieldPool = [
  ["id", { type: "string", description: "Identifier of the record.", pattern: "^[a-z0-9-]{4,64}$" }],
  ["query", { type: "string", description: "Free-text query; supports quoted phrases.", minLength: 1 }],
  ["limit", { type: "integer", description: "Page size.", minimum: 1, maximum: 100, default: 20 }],
  ["cursor", { type: "string", description: "Opaque cursor from a previous page." }],
  [
    "status",
    { type: "string", enum: ["open", "closed", "pending", "archived"], description: "Status filter." },
  ],
  [
    "tags",
    { type: "array", items: { type: "string", maxLength: 40 }, maxItems: 20, description: "Tags to match." },
  ],
  [
    "filter",
    {
      type: "object",
      description: "Structured filter.",
      properties: {
        field: { type: "string" },
        op: { type: "string", enum: ["eq", "ne", "lt", "gt", "contains"] },
        value: { type: ["string", "number", "boolean"] },
      },
      required: ["field", "op", "value"],
    },
  ],
  ["created_after", { type: "string", format: "date-time", description: "Only records created after this." }],
  ["include_archived", { type: "boolean", description: "Include archived records.", default: false }],
  ["owner_email", { type: "string", format: "email", description: "Owner's e-mail address." }],
];

function inputSchemaOf(index) {
  const count = 3 + (index % 6);
  const properties = {};
  const required = [];
  for (let k = 0; k < count; k += 1) {
    const [key, schema] = fieldPool[(index + k * 3) % fieldPool.length];
    properties[key] = schema;
    if (k === 0) required.push(key);
  }
  const schema = { type: "object", properties, required };
  if (index % 3 === 0) schema.additionalProperties = false;
  if (index % 25 === 7) {
    schema.$defs = {
      address: {
        type: "object",
        properties: { street: { type: "string" }, city: { type: "string" }, zip: { type: "string" } },
        required: ["city"],
      },
    };
    schema.properties.billing_address = { $ref: "#/$defs/address" };
  }
  return schema;
}

const outputSchema = {
  type: "object",
  properties: {
    items: {
      type: "array",
      items: {
        type: "object",
        properties: { id: { type: "string" }, name: { type: "string" } },
        required: ["id"],
      },
    },
    next_cursor: { type: "string" },
  },
  required: ["items"],
};

/** Tool `index` (0-based); `revision` changes tool 0's description (the list_changed measurement). */
export function syntheticTool(index, revision = 0) {
  const domain = pick(domains, index);
  const verb = pick(verbs, Math.floor(index / domains.length));
  const noun = pick(nouns, index * 7);
  const name = `${domain}_${verb}_${noun}_${String(index).padStart(4, "0")}`;
  let description =
    `${verb[0].toUpperCase()}${verb.slice(1)} ${noun} in the ${domain} workspace. ` +
    `Returns at most \`limit\` records per page; pass \`cursor\` to continue.`;
  if (index === 0 && revision > 0) description += ` (revision ${revision})`;
  const tool = { name, description, inputSchema: inputSchemaOf(index) };
  if (index % 4 === 1) tool.outputSchema = outputSchema;
  if (index % 10 === 0) tool.annotations = { readOnlyHint: verb === "list" || verb === "get" };
  return tool;
}

export const baseTools = [
  {
    name: "echo",
    description: "Returns its `text` argument unchanged.",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  },
  {
    name: "add",
    description: "Adds two numbers.",
    inputSchema: {
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      required: ["a", "b"],
    },
    outputSchema: { type: "object", properties: { sum: { type: "number" } }, required: ["sum"] },
  },
  {
    name: "bench_mutate",
    description: "Changes one synthetic tool's description and announces tools/list_changed.",
    inputSchema: { type: "object", properties: {} },
  },
];
