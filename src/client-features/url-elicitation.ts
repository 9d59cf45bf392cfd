/**
 * URL-mode elicitation through an `Asker`: show the URL, and open a browser only when the person asks for it.
 * `accept` means the person agreed to go there (the interaction itself happens out of band).
 */
import type { ElicitResult } from "../connect/types.js";
import type { Asker } from "./asker.js";

export interface UrlRequest {
  server: string;
  message: string;
  url: string;
}

export async function runUrlElicitation(
  request: UrlRequest,
  asker: Asker,
  openUrl: (url: string) => Promise<void>,
  signal?: AbortSignal,
): Promise<ElicitResult> {
  asker.say(`${request.server} asks you to open a URL: ${request.message}\n  ${request.url}`);
  const answer = (
    await asker.ask("[o]pen in a browser / [y]es, I will open it / [d]ecline / [c]ancel: ", signal)
  )
    ?.trim()
    .toLowerCase();
  if (answer === undefined || ["d", "decline", "n", "no"].includes(answer)) return { action: "decline" };
  if (["c", "cancel"].includes(answer)) return { action: "cancel" };
  if (["o", "open"].includes(answer)) {
    try {
      await openUrl(request.url);
    } catch (error) {
      asker.say(
        `  could not open a browser (${error instanceof Error ? error.message : String(error)}); open the URL yourself`,
      );
    }
  }
  return { action: "accept" };
}
