/**
 * Form-mode elicitation through an `Asker`: first accept, decline or cancel; then one question per field with
 * its default pre-filled (an empty answer takes it), each answer validated and asked again when wrong. End of
 * input before the first answer declines (nobody is there); end of input inside the form cancels it.
 */
import type { ElicitResult } from "../connect/types.js";
import type { Asker } from "./asker.js";
import { applyFormDefaults, type FormField, formFields, parseFieldInput } from "./elicitation-schema.js";

export interface FormRequest {
  server: string;
  message: string;
  requestedSchema: unknown;
}

/** Wrong answers allowed per field before the form is cancelled. */
const MAX_ATTEMPTS = 5;

export async function runTerminalForm(
  request: FormRequest,
  asker: Asker,
  signal?: AbortSignal,
): Promise<ElicitResult> {
  const fields = formFields(request.requestedSchema);
  asker.say(`${request.server} asks: ${request.message}`);
  const first = await asker.ask(
    `Fill in ${fields.length} field${fields.length === 1 ? "" : "s"}? [a]ccept / [d]ecline / [c]ancel: `,
    signal,
  );
  const choice = first?.trim().toLowerCase();
  if (choice === undefined) return { action: "decline" };
  if (["d", "decline", "n", "no"].includes(choice)) return { action: "decline" };
  if (["c", "cancel"].includes(choice)) return { action: "cancel" };
  const content: Record<string, unknown> = {};
  for (const field of fields) {
    const answer = await askField(field, asker, signal);
    if (answer === "cancel") return { action: "cancel" };
    if (answer !== undefined) content[field.name] = answer.value;
  }
  return { action: "accept", content: applyFormDefaults(request.requestedSchema, content) as ElicitContent };
}

type ElicitContent = NonNullable<ElicitResult["content"]>;

async function askField(
  field: FormField,
  asker: Asker,
  signal: AbortSignal | undefined,
): Promise<{ value: unknown } | undefined | "cancel"> {
  if (field.description !== undefined) asker.say(`  ${field.label}: ${field.description}`);
  if (field.options !== undefined) {
    asker.say(`    ${field.options.map((option, index) => `${index + 1}) ${option.label}`).join("  ")}`);
  }
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const line = await asker.ask(question(field), signal);
    if (line === undefined) return "cancel";
    if (line.trim() === "") {
      if (field.default !== undefined) return { value: field.default };
      if (!field.required) return undefined;
      asker.say("    required");
      continue;
    }
    const parsed = parseFieldInput(field, line);
    if (parsed.ok) return { value: parsed.value };
    asker.say(`    ${parsed.error}`);
  }
  asker.say(`  too many invalid answers for ${field.label}; the form is cancelled`);
  return "cancel";
}

function question(field: FormField): string {
  const kind =
    field.kind === "boolean"
      ? " (y/n)"
      : field.kind === "multi-choice"
        ? " (numbers, comma-separated)"
        : field.kind === "choice"
          ? " (number)"
          : field.kind === "string"
            ? ""
            : ` (${field.kind})`;
  const required = field.required ? " *" : "";
  const shown = field.default === undefined ? "" : ` [${showDefault(field)}]`;
  return `  ${field.label}${required}${kind}${shown}: `;
}

function showDefault(field: FormField): string {
  const label = (value: unknown) =>
    field.options?.find((option) => option.value === String(value))?.label ?? String(value);
  return Array.isArray(field.default) ? field.default.map(label).join(", ") : label(field.default);
}
