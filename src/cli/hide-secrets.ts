import { redact } from "../connect/redact.js";
import type { CliIo } from "./main.js";

/**
 * From now on everything `io` prints passes through redaction of `secrets` (the loaded config's credentials):
 * the last line of defence for whatever a command prints, whichever layer the text came from.
 */
export function hideSecrets(io: CliIo, secrets: readonly string[]): void {
  if (secrets.length === 0) return;
  const { out, err, errRaw } = io;
  io.out = (text) => out(redact(text, secrets));
  io.err = (text) => err(redact(text, secrets));
  // A streamed answer is redacted piece by piece: a secret split across two pieces is not caught here.
  const { outRaw } = io;
  if (outRaw !== undefined) io.outRaw = (text) => outRaw(redact(text, secrets));
  if (errRaw !== undefined) io.errRaw = (text) => errRaw(redact(text, secrets));
}
