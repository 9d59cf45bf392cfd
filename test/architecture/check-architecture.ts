/**
 * Checks the repository against rules.ts and returns every broken rule as one line a person can act on: the
 * importing file and line, what it imports, and the rule.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import {
  type KnownViolation,
  LAYERS,
  MCP_SDK_FOLDERS,
  PROCESS_EXCEPTIONS,
  PROCESS_FOLDER,
  PROVIDER_FLAVOURS,
  PROVIDER_SDK_FOLDERS,
  PROVIDER_SDKS,
  PROVIDER_SHARED_FOLDERS,
  SHARED,
} from "./rules.js";
import { type ScannedSource, scanSource } from "./scan-source.js";

export interface Violation {
  rule:
    | "layers"
    | "unplaced-folder"
    | "cycle"
    | "mcp-sdk"
    | "provider-sdk"
    | "provider-folders"
    | "process"
    | "outside-document";
  from: string;
  line: number;
  /** The imported file or package, or the `process` member used. */
  to: string;
  why: string;
}

export interface ScannedFile extends ScannedSource {
  /** Relative to the repository root, with `/`. */
  path: string;
}

const SOURCE = /\.(?:ts|mts|cts|js|mjs|cjs)$/;

/** Every source file under `dirs` (relative to `root`), node_modules and build output left out. */
export function scanTree(root: string, dirs: readonly string[]): ScannedFile[] {
  const files: ScannedFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!["node_modules", "dist", "results"].includes(entry.name)) walk(path);
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        files.push({ path, ...scanSource(readFileSync(join(root, path), "utf8")) });
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return files;
}

/** Tests and their fixtures may reach across layers; the rules are about what ships. */
export function isLibraryFile(path: string): boolean {
  return path.startsWith("src/") && !/\.test\.ts$/.test(path) && !path.includes("/__fixtures__/");
}

/** `src/<folder>/…` → folder; `src/errors.ts` → `errors`; the dated rules under `providers/rules/` are a layer of their own. */
export function folderOf(path: string): string {
  if (path.startsWith("src/providers/rules/")) return "provider-rules";
  const parts = path.split("/");
  return parts.length > 2 ? (parts[1] as string) : (parts[1] as string).replace(/\.[^.]+$/, "");
}

/** The source file a relative specifier names (`./x.js` is written for `./x.ts`). */
function resolveRelative(from: string, specifier: string): string {
  return normalize(join(dirname(from), specifier))
    .split("\\")
    .join("/")
    .replace(/\.js$/, ".ts");
}

function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] as string);
}

/** The folders each folder may import: what it reaches through `LAYERS`, plus `SHARED`. */
export function allowedImports(): Map<string, Set<string>> {
  const allowed = new Map<string, Set<string>>();
  const reach = (folder: string, into: Set<string>) => {
    for (const below of LAYERS[folder] ?? []) {
      if (into.has(below)) continue;
      into.add(below);
      reach(below, into);
    }
  };
  for (const folder of Object.keys(LAYERS)) {
    const into = new Set(SHARED);
    reach(folder, into);
    allowed.set(folder, into);
  }
  return allowed;
}

/** Folder-level cycles among `edges` (each as the list of folders around it), found with Tarjan's algorithm. */
export function folderCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next))
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

/**
 * Every broken rule in the library files. An import listed in `known` still counts as broken, but it is left out
 * of the folder graph searched for cycles, so a known layer violation is not reported a second time as a cycle.
 */
export function checkArchitecture(
  files: readonly ScannedFile[],
  known: readonly KnownViolation[] = [],
): Violation[] {
  const violations: Violation[] = [];
  const allowed = allowedImports();
  const edges = new Map<string, Set<string>>();
  const edgeSites = new Map<string, { from: string; line: number; to: string }>();

  for (const file of files.filter((f) => isLibraryFile(f.path))) {
    const folder = folderOf(file.path);
    if (!(folder in LAYERS)) {
      violations.push({
        rule: "unplaced-folder",
        from: file.path,
        line: 1,
        to: folder,
        why: `src/${folder} has no place in LAYERS (test/architecture/rules.ts)`,
      });
      continue;
    }
    for (const site of file.imports) {
      if (site.specifier.startsWith(".")) {
        const target = resolveRelative(file.path, site.specifier);
        const below = folderOf(target);
        if (below !== folder) {
          const violation: Violation = {
            rule: "layers",
            from: file.path,
            line: site.line,
            to: target,
            why: `${folder}/ may not import ${below}/ (${folder}/ reaches ${[...(allowed.get(folder) ?? [])].sort().join(", ") || "nothing"})`,
          };
          if (!allowed.get(folder)?.has(below)) violations.push(violation);
          if (known.some((entry) => matches(entry, violation))) continue;
          const set = edges.get(folder) ?? new Set<string>();
          set.add(below);
          edges.set(folder, set);
          edgeSites.set(`${folder}>${below}`, { from: file.path, line: site.line, to: target });
        } else if (folder === "providers") {
          const own = file.path.split("/")[2] as string;
          const parts = target.split("/");
          const theirs = parts.length > 3 ? (parts[2] as string) : undefined;
          const isWire = (name: string | undefined) =>
            name !== undefined && !name.endsWith(".ts") && !PROVIDER_SHARED_FOLDERS.includes(name);
          const flavourOf = PROVIDER_FLAVOURS[own]?.includes(theirs ?? "") === true;
          if (isWire(own) && isWire(theirs) && own !== theirs && !flavourOf) {
            violations.push({
              rule: "provider-folders",
              from: file.path,
              line: site.line,
              to: target,
              why: `providers/${own}/ may import only its own folder, files in providers/ and ${PROVIDER_SHARED_FOLDERS.join(", ")}/, not providers/${theirs}/`,
            });
          }
        }
        continue;
      }
      const pkg = packageOf(site.specifier);
      if (pkg.startsWith("@modelcontextprotocol/") && !MCP_SDK_FOLDERS.includes(folder)) {
        violations.push({
          rule: "mcp-sdk",
          from: file.path,
          line: site.line,
          to: site.specifier,
          why: `the MCP SDK is imported only in ${MCP_SDK_FOLDERS.map((f) => `${f}/`).join(", ")}`,
        });
      }
      if (PROVIDER_SDKS.includes(pkg) && !PROVIDER_SDK_FOLDERS.includes(folder)) {
        violations.push({
          rule: "provider-sdk",
          from: file.path,
          line: site.line,
          to: site.specifier,
          why: `provider SDKs are imported only in ${PROVIDER_SDK_FOLDERS.map((f) => `${f}/`).join(", ")}`,
        });
      }
      if ((site.specifier === "node:process" || site.specifier === "process") && folder !== PROCESS_FOLDER) {
        violations.push({
          rule: "process",
          from: file.path,
          line: site.line,
          to: site.specifier,
          why: `only ${PROCESS_FOLDER}/ touches the process`,
        });
      }
    }
    if (folder !== PROCESS_FOLDER) violations.push(...processUses(file));
  }

  for (const cycle of folderCycles(edges)) {
    const members = new Set(cycle);
    for (const from of cycle) {
      for (const to of edges.get(from) ?? []) {
        if (!members.has(to)) continue;
        const site = edgeSites.get(`${from}>${to}`) as { from: string; line: number; to: string };
        violations.push({
          rule: "cycle",
          from: site.from,
          line: site.line,
          to: site.to,
          why: `folders ${cycle.join(", ")} import each other in a cycle`,
        });
      }
    }
  }
  return violations;
}

/** `process.<member>` and `console.<member>` in code (comments and strings are blanked by the scanner). */
function processUses(file: ScannedFile): Violation[] {
  const found: Violation[] = [];
  const lines = file.code.split("\n");
  lines.forEach((text, i) => {
    for (const match of text.matchAll(/(?<![.\w$])(process|console)\s*(?:\.\s*([\w$]+)|\[)?/g)) {
      const member = match[2] ?? "";
      const use = `${match[1]}${member === "" ? "" : `.${member}`}`;
      if (match[1] === "process" && PROCESS_EXCEPTIONS[file.path]?.[member] !== undefined) continue;
      found.push({
        rule: "process",
        from: file.path,
        line: i + 1,
        to: use,
        why: `only ${PROCESS_FOLDER}/ touches the process (argv, env, stdio, exit); pass what is needed in as a parameter`,
      });
    }
  });
  return found;
}

/** Comments naming a document that lives outside the repository (research notes, design drafts). */
export function outsideDocumentComments(files: readonly ScannedFile[]): Violation[] {
  const outside =
    /(?:\.\.\/)+shared\/(?!data\b)|\bshared\/(?:reference|design)\b|\b(?:providers|conformance|peers|style-anchors)\.md\b|\bARCHITECTURE\.md\b/;
  const found: Violation[] = [];
  for (const file of files) {
    for (const comment of file.comments) {
      comment.text.split("\n").forEach((text, i) => {
        const match = outside.exec(text);
        if (match === null) return;
        found.push({
          rule: "outside-document",
          from: file.path,
          line: comment.line + i,
          to: match[0],
          why: "a comment cites a document outside the repository: cite docs/ (docs/provider-rules.md for provider facts)",
        });
      });
    }
  }
  return found;
}

/** Comments citing a file under `docs/` that does not exist, or an `#anchor` that file does not define. */
export function danglingDocCitations(files: readonly ScannedFile[], root: string): Violation[] {
  const anchors = new Map<string, Set<string> | undefined>();
  const anchorsOf = (doc: string) => {
    if (!anchors.has(doc)) {
      const path = join(root, doc);
      anchors.set(
        doc,
        existsSync(path)
          ? new Set(
              [...readFileSync(path, "utf8").matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1] as string),
            )
          : undefined,
      );
    }
    return anchors.get(doc);
  };
  const found: Violation[] = [];
  for (const file of files) {
    for (const comment of file.comments) {
      comment.text.split("\n").forEach((text, i) => {
        for (const match of text.matchAll(/\b(docs\/[\w.-]+\.md)((?:#[\w-]+(?:,\s*)?)*)/g)) {
          const doc = match[1] as string;
          const known = anchorsOf(doc);
          const cited = [...(match[2] ?? "").matchAll(/#([\w-]+)/g)].map((m) => m[1] as string);
          const missing = known === undefined ? [doc] : cited.filter((anchor) => !known.has(anchor));
          for (const what of missing) {
            found.push({
              rule: "outside-document",
              from: file.path,
              line: comment.line + i,
              to: what === doc ? doc : `${doc}#${what}`,
              why:
                known === undefined
                  ? "the cited document does not exist"
                  : "the cited section does not exist",
            });
          }
        }
      });
    }
  }
  return found;
}

export function describe(violation: Violation): string {
  return `${violation.from}:${violation.line} -> ${violation.to}  [${violation.rule}] ${violation.why}`;
}

/** Whether `violation` is the one `known` describes. */
export function matches(known: KnownViolation, violation: Violation): boolean {
  return known.rule === violation.rule && known.from === violation.from && known.to === violation.to;
}
