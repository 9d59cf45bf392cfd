import { describe, expect, it } from "vitest";
import { defaultLedgerPath, resolveLedgerPath } from "./ledger-path.js";

describe("ledger path", () => {
  it("uses XDG_STATE_HOME, else ~/.local/state (a relative XDG_STATE_HOME is ignored, as the spec says)", () => {
    expect(defaultLedgerPath({ XDG_STATE_HOME: "/state", HOME: "/home/u" })).toBe(
      "/state/switchboard/usage.sqlite",
    );
    expect(defaultLedgerPath({ HOME: "/home/u" })).toBe("/home/u/.local/state/switchboard/usage.sqlite");
    expect(defaultLedgerPath({ XDG_STATE_HOME: "rel", HOME: "/home/u" })).toBe(
      "/home/u/.local/state/switchboard/usage.sqlite",
    );
  });

  it("SWITCHBOARD_LEDGER wins (a path or off), then the config (relative to its file), then the default", () => {
    const env = { HOME: "/home/u" };
    const settings = { path: "logs/usage.sqlite" };
    const configFile = "/project/switchboard.json";
    expect(
      resolveLedgerPath({
        env: { ...env, SWITCHBOARD_LEDGER: "x.sqlite" },
        cwd: "/cwd",
        settings,
        configFile,
      }),
    ).toBe("/cwd/x.sqlite");
    expect(
      resolveLedgerPath({ env: { ...env, SWITCHBOARD_LEDGER: "off" }, cwd: "/cwd", settings, configFile }),
    ).toBe(undefined);
    expect(resolveLedgerPath({ env, cwd: "/cwd", settings, configFile })).toBe("/project/logs/usage.sqlite");
    expect(resolveLedgerPath({ env, cwd: "/cwd", settings, configFile: "<inline>" })).toBe(
      "/cwd/logs/usage.sqlite",
    );
    expect(resolveLedgerPath({ env, cwd: "/cwd", settings: { enabled: false } })).toBeUndefined();
    expect(resolveLedgerPath({ env, cwd: "/cwd" })).toBe("/home/u/.local/state/switchboard/usage.sqlite");
  });
});
