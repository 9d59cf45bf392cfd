import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { StderrTail } from "./stderr-tail.js";

describe("StderrTail", () => {
  it("returns complete lines and holds a partial line until its newline", () => {
    const tail = new StderrTail({ maxLines: 10, maxBytes: 1024 });
    expect(tail.push("first\nsec")).toEqual(["first"]);
    expect(tail.push("ond\r\nthi")).toEqual(["second"]);
    expect(tail.lines()).toEqual(["first", "second", "thi"]);
    expect(tail.flush()).toEqual(["thi"]);
    expect(tail.text()).toBe("first\nsecond\nthi");
  });

  it("is undefined before anything was written", () => {
    expect(new StderrTail().text()).toBeUndefined();
  });

  it("keeps only the last maxLines lines", () => {
    const tail = new StderrTail({ maxLines: 3, maxBytes: 1024 });
    for (let index = 0; index < 10; index += 1) tail.push(`line ${index}\n`);
    expect(tail.lines()).toEqual(["line 7", "line 8", "line 9"]);
  });

  it("keeps the end of a line longer than maxBytes", () => {
    const tail = new StderrTail({ maxLines: 5, maxBytes: 16 });
    tail.push(`${"x".repeat(100)}END OF ERROR\n`);
    const [line] = tail.lines();
    expect(line?.endsWith("END OF ERROR")).toBe(true);
    expect(Buffer.byteLength(line ?? "")).toBeLessThanOrEqual(16);
  });

  it("stays within its byte and line bounds whatever is written (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 200 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 32, max: 512 }),
        (chunks, maxLines, maxBytes) => {
          const tail = new StderrTail({ maxLines, maxBytes });
          for (const chunk of chunks) tail.push(chunk);
          tail.flush();
          const lines = tail.lines();
          expect(lines.length).toBeLessThanOrEqual(maxLines);
          const bytes = lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
          // One clipped line may exceed by the replacement character it can end up with.
          expect(bytes).toBeLessThanOrEqual(maxBytes + 4);
        },
      ),
    );
  });

  it("the last complete line written is always the last line kept (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z ]{0,20}$/), { minLength: 1, maxLength: 40 }), (lines) => {
        const tail = new StderrTail({ maxLines: 5, maxBytes: 1024 });
        tail.push(lines.map((line) => `${line}\n`).join(""));
        expect(tail.lines().at(-1)).toBe(lines.at(-1));
      }),
    );
  });
});
