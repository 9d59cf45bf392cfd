/**
 * Answers `elicitation/create`: a library hook when one is given, else a person through an `Asker` (terminal
 * form, URL prompt), else a decline, since nobody can be asked. Whatever answers, an accepted form gets the
 * schema's defaults for omitted fields and is validated; content that fails validation is not sent. The form
 * checks, the terminal form and the URL prompt are imported at the first request, not with the package (issue 22
 * item 4).
 */
import type { ClientRequestContext, ElicitRequestParams, ElicitResult } from "../connect/types.js";
import type { Asker } from "./asker.js";

export type ElicitationHook = (
  params: ElicitRequestParams,
  context: ClientRequestContext,
) => ElicitResult | Promise<ElicitResult>;

export interface ElicitationOptions {
  /** The library's hook; wins over `asker`. */
  hook?: ElicitationHook;
  /** A person to ask (the CLI's terminal). */
  asker?: Asker;
  /** Declare URL mode. Default true when someone (a hook or a person) can answer. */
  url?: boolean;
  /** How to open a browser when asked. Default: the desktop's handler. */
  openUrl?: (url: string) => Promise<void>;
}

export function createElicitationHandler(options: ElicitationOptions): {
  url: boolean;
  handle: (params: ElicitRequestParams, context: ClientRequestContext) => Promise<ElicitResult>;
} {
  const url = options.url ?? (options.hook !== undefined || options.asker !== undefined);
  return {
    url,
    async handle(params, context) {
      const result = await answer(params, context, options);
      if (params.mode === "url" || result.action !== "accept") return result;
      const { applyFormDefaults, validateFormContent } = await import("./elicitation-schema.js");
      const content = applyFormDefaults(params.requestedSchema, result.content ?? {});
      const problems = validateFormContent(params.requestedSchema, content);
      if (problems.length > 0) {
        throw new Error(`The elicitation answer does not match the requested schema: ${problems.join("; ")}`);
      }
      return { action: "accept", content: content as NonNullable<ElicitResult["content"]> };
    },
  };
}

async function answer(
  params: ElicitRequestParams,
  context: ClientRequestContext,
  options: ElicitationOptions,
): Promise<ElicitResult> {
  if (options.hook !== undefined) return options.hook(params, context);
  const asker = options.asker;
  if (asker === undefined) return { action: "decline" };
  if (params.mode === "url") {
    const [{ runUrlElicitation }, { openInBrowser }] = await Promise.all([
      import("./url-elicitation.js"),
      import("./open-browser.js"),
    ]);
    return runUrlElicitation(
      { server: context.server, message: params.message, url: params.url },
      asker,
      options.openUrl ?? openInBrowser,
      context.signal,
    );
  }
  const { runTerminalForm } = await import("./terminal-form.js");
  return runTerminalForm(
    { server: context.server, message: params.message, requestedSchema: params.requestedSchema },
    asker,
    context.signal,
  );
}
