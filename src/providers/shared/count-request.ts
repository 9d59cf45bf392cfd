import { SwitchboardError } from "../../errors.js";

/** Runs one count-tokens request; a failure becomes a `REQUEST_FAILED` error naming the endpoint. */
export async function countRequest(endpoint: string, call: () => Promise<number>): Promise<number> {
  try {
    return await call();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new SwitchboardError("REQUEST_FAILED", `${endpoint} failed: ${detail}`, { cause: error });
  }
}
