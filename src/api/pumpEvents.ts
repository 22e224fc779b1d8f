import type { SSEStreamingApi } from "hono/streaming";

/** How often an idle stream sends a comment, so proxies keep it open. */
const SSE_HEARTBEAT_MS = 15_000;

/** Starts a subscription whose events are handed to `push`; returns its end. */
export type Subscribe<T> = (push: (e: T) => void) => () => void;

/**
 * The one loop of every SSE stream: events from a subscription are queued as they come and written
 * in order by `onEvent`, with a heartbeat, until `onEvent` says the stream ends (`true`) or the
 * client goes away. `onEvent` may return another subscription to follow instead (a merged resource).
 * The subscription and heartbeat always end with the stream.
 */
export async function pumpEvents<T>(
  stream: SSEStreamingApi,
  subscribe: Subscribe<T>,
  onEvent: (e: T) => Promise<boolean | Subscribe<T>>,
): Promise<void> {
  const queue: T[] = [];
  let wake: (() => void) | null = null;
  const push = (e: T) => {
    queue.push(e);
    wake?.();
  };
  let unsubscribe = subscribe(push);
  const heartbeat = setInterval(() => void stream.write(": keep-alive\n\n"), SSE_HEARTBEAT_MS);
  stream.onAbort(() => {
    unsubscribe();
    clearInterval(heartbeat);
    wake?.();
  });
  try {
    while (!stream.aborted) {
      const e = queue.shift();
      if (e === undefined) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        continue;
      }
      const next = await onEvent(e);
      if (next === true) break;
      if (typeof next === "function") {
        unsubscribe();
        unsubscribe = next(push);
      }
    }
  } finally {
    unsubscribe();
    clearInterval(heartbeat);
  }
}
