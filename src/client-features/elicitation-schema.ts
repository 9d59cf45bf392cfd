/**
 * The restricted schema of a form-mode `elicitation/create` (a flat object of strings, numbers, integers,
 * booleans, single- and multi-select enums) as fields to ask for, and the checks a value must pass. Pure.
 */

export type FieldKind = "string" | "number" | "integer" | "boolean" | "choice" | "multi-choice";

export interface FieldOption {
  value: string;
  label: string;
}

export interface FormField {
  name: string;
  /** `title`, else the property name. */
  label: string;
  description?: string;
  required: boolean;
  kind: FieldKind;
  options?: FieldOption[];
  default?: unknown;
  schema: Record<string, unknown>;
}

export type ParsedInput = { ok: true; value: unknown } | { ok: false; error: string };

export function formFields(requestedSchema: unknown): FormField[] {
  const schema = isRecord(requestedSchema) ? requestedSchema : {};
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return Object.entries(properties).map(([name, raw]) => {
    const property = isRecord(raw) ? raw : {};
    const options = optionsOf(property);
    const kind = kindOf(property, options);
    return {
      name,
      label: typeof property.title === "string" && property.title !== "" ? property.title : name,
      ...(typeof property.description === "string" ? { description: property.description } : {}),
      required: required.has(name),
      kind,
      ...(options === undefined ? {} : { options }),
      ...("default" in property ? { default: property.default } : {}),
      schema: property,
    };
  });
}

function kindOf(property: Record<string, unknown>, options: FieldOption[] | undefined): FieldKind {
  if (property.type === "array") return "multi-choice";
  if (options !== undefined) return "choice";
  if (property.type === "number" || property.type === "integer" || property.type === "boolean")
    return property.type;
  return "string";
}

/** Choices of an enum field: `enum` (+ legacy `enumNames`), `oneOf`/`anyOf` of `{const, title}`, or array items. */
function optionsOf(property: Record<string, unknown>): FieldOption[] | undefined {
  const source = property.type === "array" && isRecord(property.items) ? property.items : property;
  if (Array.isArray(source.enum)) {
    const names = Array.isArray(property.enumNames) ? property.enumNames : [];
    return source.enum.map((value, index) => ({
      value: String(value),
      label: typeof names[index] === "string" ? (names[index] as string) : String(value),
    }));
  }
  const variants = Array.isArray(source.oneOf)
    ? source.oneOf
    : Array.isArray(source.anyOf)
      ? source.anyOf
      : undefined;
  if (variants === undefined) return undefined;
  return variants.filter(isRecord).map((variant) => ({
    value: String(variant.const),
    label: typeof variant.title === "string" ? variant.title : String(variant.const),
  }));
}

/**
 * What a person typed → the field's value. Choices accept the option's number, value or label; multi-choice a
 * comma-separated list of those; booleans y/yes/true/1 and n/no/false/0.
 */
export function parseFieldInput(field: FormField, input: string): ParsedInput {
  const text = input.trim();
  let value: unknown;
  switch (field.kind) {
    case "boolean": {
      const lower = text.toLowerCase();
      if (["y", "yes", "true", "1"].includes(lower)) value = true;
      else if (["n", "no", "false", "0"].includes(lower)) value = false;
      else return { ok: false, error: "answer yes or no" };
      break;
    }
    case "number":
    case "integer": {
      const number = Number(text);
      if (text === "" || !Number.isFinite(number)) return { ok: false, error: "expected a number" };
      value = number;
      break;
    }
    case "choice": {
      const option = pick(field.options ?? [], text);
      if (option === undefined) return { ok: false, error: `choose one of ${choices(field)}` };
      value = option.value;
      break;
    }
    case "multi-choice": {
      const picked: string[] = [];
      for (const piece of text
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== "")) {
        const option = pick(field.options ?? [], piece);
        if (option === undefined) return { ok: false, error: `"${piece}" is not one of ${choices(field)}` };
        if (!picked.includes(option.value)) picked.push(option.value);
      }
      value = picked;
      break;
    }
    case "string":
      value = input;
      break;
  }
  const error = checkValue(field, value);
  return error === undefined ? { ok: true, value } : { ok: false, error };
}

/** Undefined when `value` satisfies the field's constraints, else what is wrong. */
export function checkValue(field: FormField, value: unknown): string | undefined {
  const schema = field.schema;
  switch (field.kind) {
    case "boolean":
      return typeof value === "boolean" ? undefined : "expected true or false";
    case "number":
    case "integer": {
      if (typeof value !== "number" || !Number.isFinite(value)) return "expected a number";
      if (field.kind === "integer" && !Number.isInteger(value)) return "expected a whole number";
      if (typeof schema.minimum === "number" && value < schema.minimum)
        return `must be at least ${schema.minimum}`;
      if (typeof schema.maximum === "number" && value > schema.maximum)
        return `must be at most ${schema.maximum}`;
      return undefined;
    }
    case "choice":
      return typeof value === "string" && (field.options ?? []).some((option) => option.value === value)
        ? undefined
        : `choose one of ${choices(field)}`;
    case "multi-choice": {
      if (!Array.isArray(value)) return "expected a list";
      const allowed = new Set((field.options ?? []).map((option) => option.value));
      if (value.some((item) => !allowed.has(String(item)))) return `choose from ${choices(field)}`;
      if (typeof schema.minItems === "number" && value.length < schema.minItems)
        return `choose at least ${schema.minItems}`;
      if (typeof schema.maxItems === "number" && value.length > schema.maxItems)
        return `choose at most ${schema.maxItems}`;
      return undefined;
    }
    case "string":
      return checkString(schema, value);
  }
}

function checkString(schema: Record<string, unknown>, value: unknown): string | undefined {
  if (typeof value !== "string") return "expected text";
  if (typeof schema.minLength === "number" && value.length < schema.minLength)
    return `must be at least ${schema.minLength} characters`;
  if (typeof schema.maxLength === "number" && value.length > schema.maxLength)
    return `must be at most ${schema.maxLength} characters`;
  switch (schema.format) {
    case "email":
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? undefined : "expected an email address";
    case "uri":
      return URL.canParse(value) ? undefined : "expected an absolute URI (https://…)";
    case "date":
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
        ? undefined
        : "expected a date (YYYY-MM-DD)";
    case "date-time":
      return !Number.isNaN(Date.parse(value)) && /T/.test(value)
        ? undefined
        : "expected a date and time (ISO 8601)";
    default:
      return undefined;
  }
}

/** `content` plus every default the schema gives for a field that is absent. A new object. */
export function applyFormDefaults(
  requestedSchema: unknown,
  content: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const filled: Record<string, unknown> = { ...content };
  for (const field of formFields(requestedSchema)) {
    if (filled[field.name] === undefined && field.default !== undefined) filled[field.name] = field.default;
  }
  return filled;
}

/** Every problem with `content`: a required field missing, a value failing its field's constraints. */
export function validateFormContent(
  requestedSchema: unknown,
  content: Readonly<Record<string, unknown>>,
): string[] {
  const problems: string[] = [];
  for (const field of formFields(requestedSchema)) {
    const value = content[field.name];
    if (value === undefined) {
      if (field.required) problems.push(`${field.name}: required`);
      continue;
    }
    const error = checkValue(field, value);
    if (error !== undefined) problems.push(`${field.name}: ${error}`);
  }
  return problems;
}

function pick(options: readonly FieldOption[], text: string): FieldOption | undefined {
  const index = /^\d+$/.test(text) ? Number(text) - 1 : -1;
  if (index >= 0 && index < options.length) return options[index];
  const lower = text.toLowerCase();
  return options.find((option) => option.value === text || option.label.toLowerCase() === lower);
}

function choices(field: FormField): string {
  return (field.options ?? []).map((option, index) => `${index + 1}) ${option.label}`).join(", ");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
