import { describe, expect, it } from "vitest";
import { resourceParts } from "./resource-parts.js";

const b64 = (text: string) => Buffer.from(text).toString("base64");

describe("resourceParts", () => {
  it("pastes text under a header naming the URI and MIME type", () => {
    const { parts, warnings } = resourceParts([
      { uri: "file:///a.md", mimeType: "text/markdown", text: "# A" },
    ]);
    expect(parts).toEqual([{ type: "text", text: "Resource file:///a.md (text/markdown):\n# A" }]);
    expect(warnings).toEqual([]);
  });

  it("cuts text at the cap and says so", () => {
    const { parts, warnings } = resourceParts([{ uri: "x://t", text: "abcdefghij" }], { maxTextChars: 4 });
    expect(parts[0]).toEqual({
      type: "text",
      text: "Resource x://t:\nabcd\n[truncated: the first 4 of 10 characters are shown]",
    });
    expect(warnings.map((warning) => warning.code)).toEqual(["resource-truncated"]);
  });

  it("decodes a blob that is really text, and describes other binaries without pasting them", () => {
    const text = resourceParts([{ uri: "x://b", mimeType: "text/plain", blob: b64("hello blob") }]);
    expect(text.parts).toEqual([{ type: "text", text: "Resource x://b (text/plain):\nhello blob" }]);
    const zip = resourceParts([{ uri: "x://z", mimeType: "application/gzip", blob: b64("\x1f\x8b binary") }]);
    expect(zip.parts).toEqual([
      { type: "text", text: "Resource x://z (application/gzip): 10 bytes of binary data, not shown" },
    ]);
    const invalidUtf8 = resourceParts([
      { uri: "x://bad", mimeType: "text/plain", blob: Buffer.from([0xff, 0xfe]).toString("base64") },
    ]);
    expect(invalidUtf8.parts[0]).toMatchObject({ text: expect.stringContaining("2 bytes of binary data") });
  });

  it("attaches images, audio and PDFs as media after their header, and describes one over its cap", () => {
    const { parts } = resourceParts([
      { uri: "x://i.png", mimeType: "image/png", blob: "iVBORw0KGgo=" },
      { uri: "x://d.pdf", mimeType: "application/pdf", blob: b64("%PDF-1.4") },
      { uri: "x://s.wav", mimeType: "audio/wav", blob: b64("RIFF") },
    ]);
    expect(parts.map((part) => part.type)).toEqual(["text", "image", "text", "document", "text", "audio"]);
    expect(parts[1]).toEqual({
      type: "image",
      data: "iVBORw0KGgo=",
      mimeType: "image/png",
      source: "x://i.png",
    });
    const big = resourceParts([{ uri: "x://big.png", mimeType: "image/png", blob: b64("0123456789") }], {
      maxImageBytes: 4,
    });
    expect(big.parts).toEqual([
      {
        type: "text",
        text: "Resource x://big.png (image/png): 10 bytes image, over the 4 bytes cap, not attached",
      },
    ]);
    expect(big.warnings[0]?.code).toBe("resource-too-large");
  });

  it("says when a resource has no contents", () => {
    expect(resourceParts([]).parts).toEqual([{ type: "text", text: "(the resource has no contents)" }]);
  });
});
