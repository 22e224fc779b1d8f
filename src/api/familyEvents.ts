import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { TaskEvent } from "../domain/task.ts";
import type { EventHub } from "../services/shared/eventHub.ts";
import { pumpEvents } from "./pumpEvents.ts";

export interface FamilyStream {
  /** The hub key of the resource's events (`<family>:<id>`). */
  key: string;
  /** The resource's state now, sent first as `ingest.progress` (same fields as its events). */
  current: () => Promise<Record<string, unknown> | null>;
  /** Whether an event's state is final: the stream ends after it. */
  terminal: (data: Record<string, unknown>) => boolean;
  /** The key to follow instead, when an event says the resource became another (a merged article). */
  follow?: (data: Record<string, unknown>) => string | null;
}

/**
 * An SSE stream of a polling family's state changes (parse requests, articles, bookmarks), with the
 * recipe-ingest-agent event names: the current state first, then each change as the hub fans it
 * out, until a final state. `Last-Event-ID` resumes after the given event without the snapshot.
 * The caller has already checked that the resource is visible to the requester.
 */
export function streamFamilyEvents(c: Context, hub: EventHub, s: FamilyStream): Response {
  const lastEventId = c.req.header("last-event-id") ?? c.req.query("lastEventId") ?? null;
  return streamSSE(c, async (stream) => {
    let cursor: string | null;
    if (lastEventId && /^\d+$/.test(lastEventId)) cursor = lastEventId;
    else {
      // The cursor is read before the state, so a change in between is sent after it, never lost.
      const history = await hub.history(s.key, null);
      cursor = history.at(-1)?.id ?? null;
      const now = await s.current();
      if (!now) return;
      await stream.writeSSE({ event: "ingest.progress", id: cursor ?? "0", data: JSON.stringify(now) });
      if (s.terminal(now)) return;
    }
    let key = s.key;
    await pumpEvents<TaskEvent>(
      stream,
      (push) => hub.subscribe(key, cursor, push),
      async (e) => {
        await stream.writeSSE({ event: e.type, id: e.id, data: JSON.stringify({ ...e.data, at: e.at }) });
        if (s.terminal(e.data)) return true;
        const next = s.follow?.(e.data);
        if (!next || next === key) return false;
        key = next;
        return (push) => hub.subscribe(next, e.id, push);
      },
    );
  });
}
