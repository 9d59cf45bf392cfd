/**
 * Opens the authorization URL in the user's browser (`open` on macOS, `start` on Windows, `xdg-open` elsewhere)
 * and always prints it too, because a launcher that exists can still fail silently (no display, SSH session).
 * Never throws: a login must be completable by copying the URL.
 */
import { spawn as nodeSpawn } from "node:child_process";

export interface OpenBrowserOptions {
  /** Where the fallback text goes (stderr in the CLI). */
  print: (text: string) => void;
  platform?: NodeJS.Platform;
  /** For tests. */
  spawn?: typeof nodeSpawn;
}

/** The launcher command for a platform. */
export function browserCommand(url: string, platform: NodeJS.Platform): [string, string[]] {
  if (platform === "darwin") return ["open", [url]];
  // `start` is a cmd builtin; the empty title argument stops it reading a quoted URL as the window title.
  if (platform === "win32") return ["cmd", ["/c", "start", "", url.replace(/&/g, "^&")]];
  return ["xdg-open", [url]];
}

/** Resolves true when a launcher started, false when it could not (the URL was printed either way). */
export async function openBrowser(url: string, options: OpenBrowserOptions): Promise<boolean> {
  options.print(`Opening your browser to log in. If it does not open, visit:\n  ${url}`);
  if (!/^https?:\/\//i.test(url)) return false;
  const [command, args] = browserCommand(url, options.platform ?? process.platform);
  const spawn = options.spawn ?? nodeSpawn;
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { stdio: "ignore", detached: true, windowsHide: true });
      child.once("error", () => resolve(false));
      child.once("spawn", () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
