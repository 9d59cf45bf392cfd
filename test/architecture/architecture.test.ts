/**
 * The architecture as a test (docs/architecture.md, "Rules the test enforces"): imports follow the layers in
 * rules.ts, the MCP SDK and the provider SDKs stay in their folders, wire-format folders do not import each
 * other, only the CLI touches the process, folders have no import cycles, and no comment cites a document outside
 * the repository. A failure prints each offending import as `file:line -> imported  [rule] why`.
 */
import { fileURLToPath } from "node:url";
import { beforeAll, expect, describe as group, it } from "vitest";
import {
  allowedImports,
  checkArchitecture,
  danglingDocCitations,
  describe,
  folderCycles,
  matches,
  outsideDocumentComments,
  type ScannedFile,
  scanTree,
  type Violation,
} from "./check-architecture.js";
import { KNOWN_VIOLATIONS, LAYERS } from "./rules.js";
import { scanSource } from "./scan-source.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CODE_DIRS = ["src", "test", "bench", "examples", "conformance", "conformance-server", "compat"];

let files: ScannedFile[];
let found: Violation[];
beforeAll(() => {
  files = scanTree(ROOT, CODE_DIRS);
  found = checkArchitecture(files, KNOWN_VIOLATIONS);
});

function report(lines: readonly string[]): string {
  return lines.length === 0 ? "" : `\n${lines.join("\n")}\n`;
}

group("the architecture", () => {
  it("the layer table is itself acyclic and names only real layers", () => {
    const edges = new Map(Object.entries(LAYERS).map(([folder, below]) => [folder, new Set(below)]));
    expect(folderCycles(edges)).toEqual([]);
    const unknown = Object.values(LAYERS)
      .flat()
      .filter((folder) => !(folder in LAYERS));
    expect(unknown).toEqual([]);
    // The observers of a session never reach the loop they observe.
    for (const observer of ["cache", "ledger", "pinning"])
      expect(allowedImports().get(observer)).not.toContain("agent");
  });

  it("library imports follow the rules (known violations aside)", () => {
    const unexpected = found.filter(
      (violation) => !KNOWN_VIOLATIONS.some((known) => matches(known, violation)),
    );
    expect(report(unexpected.map(describe))).toBe("");
  });

  it("every known violation still exists (remove an entry once its fix lands)", () => {
    const gone = KNOWN_VIOLATIONS.filter((known) => !found.some((violation) => matches(known, violation)));
    expect(
      report(gone.map((known) => `${known.from} -> ${known.to}  [${known.rule}] ${known.removedBy}`)),
    ).toBe("");
  });

  it("no comment cites a document outside the repository", () => {
    expect(report(outsideDocumentComments(files).map(describe))).toBe("");
  });

  it("every docs/ file and section a comment cites exists", () => {
    expect(report(danglingDocCitations(files, ROOT).map(describe))).toBe("");
  });
});

group("the checker catches what it is for", () => {
  const file = (path: string, text: string): ScannedFile => ({ path, ...scanSource(text) });

  it("reports an upward import with both files and the rule", () => {
    const found = checkArchitecture([
      file("src/cache/x.ts", 'import type { A } from "../agent/agent-events.js";\n'),
    ]);
    expect(found.map(describe)).toEqual([
      expect.stringMatching(
        /^src\/cache\/x\.ts:1 -> src\/agent\/agent-events\.ts {2}\[layers\] cache\/ may not import agent\//,
      ),
    ]);
  });

  it("reports the MCP SDK, a provider SDK and process outside their folders, not inside", () => {
    const text = [
      'import { Client } from "@modelcontextprotocol/client";',
      'import type Anthropic from "@anthropic-ai/sdk";',
      "export const key = () => process.env.KEY;",
      'console.log("process.exit() in a string is fine"); // so is process.exit in a comment',
    ].join("\n");
    const rules = (path: string) => checkArchitecture([file(path, text)]).map((v) => `${v.rule} ${v.to}`);
    expect(rules("src/dispatch/x.ts")).toEqual([
      "mcp-sdk @modelcontextprotocol/client",
      "provider-sdk @anthropic-ai/sdk",
      "process process.env",
      "process console.log",
    ]);
    expect(rules("src/cli/x.ts")).toEqual([
      "mcp-sdk @modelcontextprotocol/client",
      "provider-sdk @anthropic-ai/sdk",
    ]);
    expect(rules("src/connect/x.ts")).toEqual([
      "provider-sdk @anthropic-ai/sdk",
      "process process.env",
      "process console.log",
    ]);
  });

  it("reports a folder cycle and one wire format importing another", () => {
    const found = checkArchitecture([
      file("src/providers/openai-responses/a.ts", 'import { b } from "../openai-chat/b.js";'),
      file(
        "src/providers/openai-chat/b.ts",
        'import { v } from "../validation/v.js";\nimport { t } from "../targets.js";',
      ),
      file("src/schema/c.ts", 'export { d } from "../naming/d.js";'),
      file("src/naming/d.ts", 'import { c } from "../schema/c.js";'),
    ]).map((v) => `${v.rule} ${v.from} -> ${v.to}`);
    expect(found).toContain(
      "provider-folders src/providers/openai-responses/a.ts -> src/providers/openai-chat/b.ts",
    );
    expect(found.filter((line) => line.startsWith("provider-folders"))).toHaveLength(1);
    expect(found).toContain("cycle src/schema/c.ts -> src/naming/d.ts");
    expect(found).toContain("cycle src/naming/d.ts -> src/schema/c.ts");
  });

  it("finds imports past comments, strings, templates and regular expressions", () => {
    const scanned = scanSource(
      [
        "const re = /['\"`]/g; // a regex full of quotes",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the scanned source holds template literals.
        'const s = `${"a"}${`b${1}`}`; import x from "./x.js";',
        'export * from "./y.js"; const z = await import("./z.js");',
        '/* import w from "./w.js" */ const t = "from \\"./no.js\\"";',
      ].join("\n"),
    );
    expect(scanned.imports.map((site) => `${site.line} ${site.specifier}`)).toEqual([
      "2 ./x.js",
      "3 ./y.js",
      "3 ./z.js",
    ]);
  });

  it("reports a comment citing a document outside the repository", () => {
    const found = outsideDocumentComments([
      file(
        "src/a.ts",
        "// see ../shared/reference/providers.md §1\n// data: ../shared/data/smithery\nconst x = 1;",
      ),
    ]);
    expect(found.map((v) => `${v.line} ${v.to}`)).toEqual(["1 ../shared/"]);
    const dangling = danglingDocCitations(
      [file("src/b.ts", "// docs/provider-rules.md#openai-tools, #no-such-section; docs/nothing.md\n")],
      ROOT,
    );
    expect(dangling.map((v) => v.to)).toEqual(["docs/provider-rules.md#no-such-section", "docs/nothing.md"]);
  });
});
