import { describe, expect, it } from "vitest";
import type { Asker } from "../client-features/asker.js";
import { askApprovalOn } from "./ask-approval.js";

function scripted(answers: (string | undefined)[]): Asker & { said: string[] } {
  const said: string[] = [];
  return {
    said,
    say: (text) => said.push(text),
    ask: async (question) => {
      said.push(question);
      return answers.shift();
    },
  };
}

const request = {
  server: "files",
  tool: "move_file",
  name: "files__move_file",
  arguments: { from: "a", to: "b" },
};

describe("askApprovalOn", () => {
  it("allows on yes, denies on anything else or on no answer, and shows what would run", async () => {
    const asker = scripted(["y", "nope", undefined]);
    const hook = askApprovalOn(asker);
    expect(await hook(request, {})).toBe("allow");
    expect(await hook(request, {})).toEqual({ deny: "the user said no" });
    expect(await hook(request, {})).toEqual({ deny: "nobody was there to approve it" });
    expect(asker.said[0]).toBe('files/move_file wants to run with {"from":"a","to":"b"}');
    expect(asker.said[1]).toBe("Allow files__move_file? [y/N]: ");
  });
});
