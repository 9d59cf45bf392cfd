/** Opens a URL with the desktop's handler. Only called when a person asked for it. */
import { spawn } from "node:child_process";

export function openInBrowser(url: string, platform: NodeJS.Platform = process.platform): Promise<void> {
  if (!/^https?:\/\//i.test(url))
    return Promise.reject(new Error(`refusing to open a non-http(s) URL: ${url}`));
  const [command, args] =
    platform === "darwin"
      ? ["open", [url]]
      : platform === "win32"
        ? ["cmd", ["/c", "start", "", url]]
        : ["xdg-open", [url]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args as string[], { stdio: "ignore", detached: true });
    child.once("error", reject);
    child.once("spawn", () => {
      child.unref();
      resolve();
    });
  });
}
