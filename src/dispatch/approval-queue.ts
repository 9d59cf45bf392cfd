/**
 * The one approval queue of a response: a person answers one question at a time, in call order, while
 * everything else about the calls runs at once.
 */

/** Runs each piece of work after the previous one settled, whatever its outcome. */
export type ApprovalQueue = <T>(work: () => Promise<T>) => Promise<T>;

/** A new, empty queue (one per response answered). */
export function approvalQueue(): ApprovalQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return (work) => {
    const next = tail.then(work, work);
    tail = next.catch(() => {});
    return next;
  };
}
