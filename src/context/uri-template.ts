/**
 * RFC 6570 URI templates as MCP resource templates use them: the variable names a template needs, and
 * expansion with string values (levels 1-3: simple, `+` reserved, `#`, `.`, `/`, `;`, `?` and `&` operators;
 * the prefix and explode modifiers are accepted and ignored).
 */

const EXPRESSION = /\{([+#./;?&]?)([^}]*)\}/g;

interface Operator {
  first: string;
  separator: string;
  named: boolean;
  ifEmpty: string;
  reserved: boolean;
}

const OPERATORS: Record<string, Operator> = {
  "": { first: "", separator: ",", named: false, ifEmpty: "", reserved: false },
  "+": { first: "", separator: ",", named: false, ifEmpty: "", reserved: true },
  "#": { first: "#", separator: ",", named: false, ifEmpty: "", reserved: true },
  ".": { first: ".", separator: ".", named: false, ifEmpty: "", reserved: false },
  "/": { first: "/", separator: "/", named: false, ifEmpty: "", reserved: false },
  ";": { first: ";", separator: ";", named: true, ifEmpty: "", reserved: false },
  "?": { first: "?", separator: "&", named: true, ifEmpty: "=", reserved: false },
  "&": { first: "&", separator: "&", named: true, ifEmpty: "=", reserved: false },
};

/** Variable names in order of first appearance. */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(EXPRESSION)) {
    for (const spec of (match[2] ?? "").split(",")) {
      const name = variableName(spec);
      if (name !== "" && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** The template with each expression expanded; variables without a value are left out, as the RFC says. */
export function expandUriTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(EXPRESSION, (_whole, op: string, list: string) => {
    const operator = OPERATORS[op] ?? (OPERATORS[""] as Operator);
    const expanded: string[] = [];
    for (const spec of list.split(",")) {
      const name = variableName(spec);
      const value = values[name];
      if (value === undefined) continue;
      const encoded = encode(value, operator.reserved);
      if (!operator.named) expanded.push(encoded);
      else expanded.push(value === "" ? `${name}${operator.ifEmpty}` : `${name}=${encoded}`);
    }
    return expanded.length === 0 ? "" : operator.first + expanded.join(operator.separator);
  });
}

/**
 * The values a concrete URI gives a template's variables, or undefined when it does not match. Simple
 * expressions match up to the next literal; used to offer completion for a partly typed URI.
 */
export function matchUriTemplate(template: string, uri: string): Record<string, string> | undefined {
  const names: string[] = [];
  let pattern = "^";
  let last = 0;
  for (const match of template.matchAll(EXPRESSION)) {
    pattern += escapeRegExp(template.slice(last, match.index));
    const op = match[1] ?? "";
    const vars = (match[2] ?? "").split(",").map(variableName);
    const operator = OPERATORS[op] ?? (OPERATORS[""] as Operator);
    names.push(...vars);
    const piece = operator.reserved ? "(.*?)" : "([^/?#&]*?)";
    pattern += escapeRegExp(operator.first) + vars.map(() => piece).join(escapeRegExp(operator.separator));
    last = (match.index ?? 0) + match[0].length;
  }
  pattern += `${escapeRegExp(template.slice(last))}$`;
  const found = new RegExp(pattern).exec(uri);
  if (found === null) return undefined;
  const values: Record<string, string> = {};
  names.forEach((name, index) => {
    values[name] = safeDecode(found[index + 1] ?? "");
  });
  return values;
}

function variableName(spec: string): string {
  return spec.trim().replace(/\*$/, "").replace(/:\d+$/, "");
}

function encode(value: string, reserved: boolean): string {
  if (!reserved)
    return encodeURIComponent(value).replace(
      /[!'()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  return encodeURI(value).replace(/%25([0-9A-Fa-f]{2})/g, "%$1");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
