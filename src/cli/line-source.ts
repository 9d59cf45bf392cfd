/**
 * One queue of input lines shared by everyone who reads stdin: the chat loop, and the questions servers cause
 * (sampling approval, elicitation forms) while a turn runs. A question abandoned by its signal leaves its
 * pending read for the next reader, so no line is lost or read twice.
 */
import type { Interface } from "node:readline";
import type { Asker } from "../client-features/asker.js";
import type { CliIo } from "./main.js";

const ABORTED = Symbol("aborted");

export class LineSource {
  readonly #iterator: AsyncIterator<string>;
  #pending: Promise<IteratorResult<string>> | undefined;
  #done = false;

  constructor(readline: Interface) {
    this.#iterator = readline[Symbol.asyncIterator]();
  }

  /** The next line, or undefined at end of input or when `signal` aborts first. */
  async next(signal?: AbortSignal): Promise<string | undefined> {
    if (this.#done || signal?.aborted) return undefined;
    this.#pending ??= this.#iterator.next();
    const result = await raceAbort(this.#pending, signal);
    if (result === ABORTED) return undefined;
    this.#pending = undefined;
    if (result.done === true) {
      this.#done = true;
      return undefined;
    }
    return result.value;
  }
}

/** Questions on stderr, answers from `lines` (`lines` is created on first use, so a run that asks nothing never reads stdin). */
export function lineAsker(io: CliIo, lines: () => LineSource, options: { echo?: boolean } = {}): Asker {
  return {
    say: (text) => io.err(text),
    async ask(question, signal) {
      if (io.errRaw !== undefined) io.errRaw(question);
      else io.err(question);
      const answer = await lines().next(signal);
      // Piped input is not echoed by a terminal: show it, so the transcript on stderr reads as a dialogue.
      if (options.echo === true && io.errRaw !== undefined)
        io.errRaw(`${answer ?? "(no answer: end of input)"}\n`);
      return answer;
    },
  };
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | typeof ABORTED> {
  if (signal === undefined) return promise;
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(ABORTED);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
