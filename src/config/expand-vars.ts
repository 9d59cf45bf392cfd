// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${VAR}" is config syntax here, not a mistaken template.
/**
 * `${VAR}` expansion for config strings.
 *
 * - `${NAME}`: the variable's value; an error when it is not set. Set-but-empty expands to "".
 * - `${NAME:-default}`: the default when the variable is unset or empty (POSIX `:-`). The default is literal
 *   text and ends at the first `}`.
 * - `${env:NAME}`: VS Code's spelling, same as `${NAME}`.
 * - `$${`: a literal `${` (so `$${NAME}` yields the text `${NAME}`). A `$` anywhere else is literal.
 *
 * NAME is `[A-Za-z_][A-Za-z0-9_]*`. Problems name the variable, never a value: values are often secrets.
 */

export type Env = Readonly<Record<string, string | undefined>>;

export type ExpandResult = { ok: true; value: string } | { ok: false; problems: string[] };

const REFERENCE = /^(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s;
const ESCAPE_HINT = 'write "$${" for a literal "${"';

/**
 * Expands every reference in `text`. `onValue` hears each value taken from `env` (not a `:-` default, which is
 * text of the file), so callers can treat what came from the environment as a secret.
 */
export function expandVars(
  text: string,
  env: Env,
  onValue?: (name: string, value: string) => void,
): ExpandResult {
  let out = "";
  const problems: string[] = [];
  let i = 0;
  for (;;) {
    const dollar = text.indexOf("$", i);
    if (dollar === -1) break;
    out += text.slice(i, dollar);
    if (text.startsWith("$${", dollar)) {
      out += "${";
      i = dollar + 3;
      continue;
    }
    if (!text.startsWith("${", dollar)) {
      out += "$";
      i = dollar + 1;
      continue;
    }
    const close = text.indexOf("}", dollar + 2);
    if (close === -1) {
      problems.push(`unterminated "\${" (${ESCAPE_HINT})`);
      i = text.length;
      break;
    }
    const resolved = resolveReference(text.slice(dollar + 2, close), env);
    if (resolved.ok) {
      out += resolved.value;
      if (resolved.from !== undefined) onValue?.(resolved.from, resolved.value);
    } else problems.push(resolved.problem);
    i = close + 1;
  }
  out += text.slice(i);
  return problems.length === 0 ? { ok: true, value: out } : { ok: false, problems };
}

function resolveReference(
  inner: string,
  env: Env,
): { ok: true; value: string; from?: string } | { ok: false; problem: string } {
  if (inner.startsWith("input:")) {
    return {
      ok: false,
      problem: 'VS Code input variables ("${input:...}") are not supported yet; use an environment variable',
    };
  }
  const match = REFERENCE.exec(inner);
  if (match === null) {
    return {
      ok: false,
      problem: `invalid variable reference; expected \${NAME} or \${NAME:-default} (${ESCAPE_HINT})`,
    };
  }
  const name = match[1]!;
  const fallback = match[2];
  // `typeof` keeps inherited members (`${constructor}`, `${__proto__}`) from counting as set.
  const raw = env[name];
  const value = typeof raw === "string" ? raw : undefined;
  if (value !== undefined && (fallback === undefined || value !== "")) return { ok: true, value, from: name };
  if (fallback !== undefined) return { ok: true, value: fallback };
  return { ok: false, problem: `environment variable ${name} is not set` };
}
