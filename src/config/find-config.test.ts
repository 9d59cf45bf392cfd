import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { configCandidates, findConfigFile } from "./find-config.js";

let root: string;
let project: string;
let xdg: string;
let home: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "switchboard-find-config-"));
  project = path.join(root, "project");
  xdg = path.join(root, "xdg");
  home = path.join(root, "home");
  await mkdir(project);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function touch(file: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, "{}");
  return file;
}

const userFile = (configHome: string): string => path.join(configHome, "switchboard", "switchboard.json");

async function notFound(promise: Promise<string>): Promise<ConfigError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as ConfigError).code).toBe("CONFIG_NOT_FOUND");
  return error as ConfigError;
}

describe("findConfigFile", () => {
  it("prefers ./switchboard.json, then ./.mcp.json, then the XDG config dir", async () => {
    const env = { XDG_CONFIG_HOME: xdg, HOME: home };
    const user = await touch(userFile(xdg));
    expect(await findConfigFile({ cwd: project, env })).toBe(user);
    const mcp = await touch(path.join(project, ".mcp.json"));
    expect(await findConfigFile({ cwd: project, env })).toBe(mcp);
    const own = await touch(path.join(project, "switchboard.json"));
    expect(await findConfigFile({ cwd: project, env })).toBe(own);
  });

  it("falls back to ~/.config when XDG_CONFIG_HOME is unset or relative", async () => {
    const file = await touch(userFile(path.join(home, ".config")));
    expect(await findConfigFile({ cwd: project, env: { HOME: home } })).toBe(file);
    expect(await findConfigFile({ cwd: project, env: { HOME: home, XDG_CONFIG_HOME: "rel/dir" } })).toBe(
      file,
    );
  });

  it("uses an explicit path alone, resolved against cwd", async () => {
    await touch(path.join(project, "switchboard.json"));
    const explicit = await touch(path.join(project, "conf", "other.json"));
    expect(await findConfigFile({ explicit: "conf/other.json", cwd: project, env: { HOME: home } })).toBe(
      explicit,
    );
  });

  it("rejects an explicit path that does not exist, even when a default file does", async () => {
    await touch(path.join(project, "switchboard.json"));
    const error = await notFound(
      findConfigFile({ explicit: "nope.json", cwd: project, env: { HOME: home } }),
    );
    expect(error.file).toBe(path.join(project, "nope.json"));
    expect(error.issues).toEqual([{ path: "$", message: "file not found (given explicitly)" }]);
  });

  it("rejects an explicit directory", async () => {
    const error = await notFound(findConfigFile({ explicit: ".", cwd: project, env: { HOME: home } }));
    expect(error.issues).toEqual([{ path: "$", message: "is a directory, expected a file" }]);
  });

  it("skips a directory where a file is expected", async () => {
    await mkdir(path.join(project, "switchboard.json"));
    const mcp = await touch(path.join(project, ".mcp.json"));
    expect(await findConfigFile({ cwd: project, env: { HOME: home } })).toBe(mcp);
  });

  it("lists every place it looked when nothing exists", async () => {
    const env = { XDG_CONFIG_HOME: xdg, HOME: home };
    const error = await notFound(findConfigFile({ cwd: project, env }));
    expect(error.issues).toEqual([
      { path: "$", message: `not found: ${path.join(project, "switchboard.json")}` },
      { path: "$", message: `not found: ${path.join(project, ".mcp.json")}` },
      { path: "$", message: `not found: ${userFile(xdg)}` },
      { path: "$", message: "create one of these, or name a config file explicitly" },
    ]);
  });
});

describe("configCandidates", () => {
  it("is the documented order", () => {
    expect(configCandidates({ cwd: "/p", env: { HOME: "/h" } })).toEqual([
      "/p/switchboard.json",
      "/p/.mcp.json",
      "/h/.config/switchboard/switchboard.json",
    ]);
  });
});
