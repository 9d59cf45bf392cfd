/**
 * What the CLI's writers do to everything they print (see `CliIo`): server-supplied text is made inert for a
 * terminal with `untrustedText` (controls, bidi and invisible characters shown as `\u{…}`, newlines and tabs
 * kept), the same escaping `pin` shows definitions with.
 */
import { hasUntrustedCharacters, untrustedText } from "../pinning/untrusted-text.js";

/** Carriage return and erase-line: the one control sequence the CLI writes itself, to redraw progress. */
export const CLEAR_LINE = "\r\x1b[2K";

/** `text` with every character a terminal would act on, or hide, replaced by a visible escape. */
export const terminalText: (text: string) => string = untrustedText;

/** True when `text` holds a character `terminalText` would escape. */
export const hasTerminalControls: (text: string) => boolean = hasUntrustedCharacters;
