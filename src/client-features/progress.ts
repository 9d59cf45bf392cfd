import type { CallProgress } from "../connect/types.js";

/** `server/tool 3/5 (60%) message`, or `server/tool 3` when the total is unknown. */
export function formatProgress(server: string, event: CallProgress): string {
  const total =
    event.total === undefined || event.total <= 0
      ? `${event.progress}`
      : `${event.progress}/${event.total} (${Math.round((event.progress / event.total) * 100)}%)`;
  return `${server}/${event.tool} ${total}${event.message === undefined ? "" : ` ${event.message}`}`;
}
