import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { BatchedLineWriter } from "./batched-writer.js";

/** A real Writable that records each chunk it is handed; `highWaterMark` 1 makes every write report a full pipe. */
function recordingStream(highWaterMark = 1 << 16): { stream: Writable; chunks: string[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    highWaterMark,
    decodeStrings: false,
    write(chunk: string, _encoding, callback) {
      chunks.push(chunk);
      setImmediate(callback);
    },
  });
  return { stream, chunks };
}

describe("BatchedLineWriter", () => {
  it("writes the lines of one tick as one chunk, in order, and later lines as another", async () => {
    const { stream, chunks } = recordingStream();
    const writer = new BatchedLineWriter(stream);
    const sent = ["a\n", "b\n", "c\n"].map((line) => writer.write(line));
    expect(chunks).toEqual([]);
    await Promise.all(sent);
    await writer.write("d\n");
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual(["a\nb\nc\n", "d\n"]);
  });

  it("batches lines sent from promise jobs of the same tick", async () => {
    const { stream, chunks } = recordingStream();
    const writer = new BatchedLineWriter(stream);
    const sends: Promise<void>[] = [];
    await Promise.all(
      [1, 2, 3].map(async (n) => {
        await Promise.resolve();
        sends.push(writer.write(`${n}\n`));
      }),
    );
    await Promise.all(sends);
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual(["1\n2\n3\n"]);
  });

  it("resolves a batch written into a full pipe only after drain", async () => {
    const { stream, chunks } = recordingStream(1);
    const writer = new BatchedLineWriter(stream);
    let done = false;
    const sent = writer.write("x\n").then(() => {
      done = true;
    });
    // Past the flush's microtask, before the stream's (setImmediate) write callback can emit drain.
    for (let i = 0; i < 3; i += 1) await Promise.resolve();
    expect(chunks).toEqual(["x\n"]);
    expect(done).toBe(false);
    await sent;
    expect(done).toBe(true);
  });

  it("rejects every line of the batch when the stream has ended before the tick", async () => {
    const { stream, chunks } = recordingStream();
    const writer = new BatchedLineWriter(stream);
    const first = writer.write("a\n");
    const second = writer.write("b\n");
    stream.end();
    await expect(first).rejects.toThrow(/Not connected/);
    await expect(second).rejects.toThrow(/Not connected/);
    expect(chunks).toEqual([]);
  });

  it("flush() writes at once, so a line sent just before the end is not lost", async () => {
    const { stream, chunks } = recordingStream();
    const writer = new BatchedLineWriter(stream);
    const sent = writer.write("last\n");
    writer.flush();
    stream.end();
    await sent;
    await new Promise((resolve) => stream.once("finish", resolve));
    expect(chunks).toEqual(["last\n"]);
  });
});
