import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { packageRoot } from "./package-root.js";

describe("packageRoot", () => {
  const dir = mkdtempSync(join(tmpdir(), "switchboard-package-root-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("walks up past other packages' manifests to switchboard's, from any depth", () => {
    const root = join(dir, "node_modules", "switchboard");
    const chunk = join(root, "dist", "bundle", "chunks", "chunk-1.js");
    mkdirSync(join(root, "dist", "bundle", "chunks"), { recursive: true });
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: "switchboard" }));
    // A nested manifest of another name (or an unreadable one) is walked past.
    writeFileSync(join(root, "dist", "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(join(root, "dist", "bundle", "package.json"), "{ not json");
    expect(packageRoot(pathToFileURL(chunk).href)).toBe(root);
  });

  it("says where it looked when no switchboard package is above", () => {
    const lonely = join(dir, "elsewhere", "module.js");
    mkdirSync(join(dir, "elsewhere"));
    expect(() => packageRoot(pathToFileURL(lonely).href)).toThrow(
      /package\.json not found above .*elsewhere/,
    );
  });
});
