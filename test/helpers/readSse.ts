export interface SseEvent {
  event: string;
  id: string;
  data: any;
}

/** Reads server-sent events from `res` until `until` holds or the stream ends, then closes it. */
export async function readSse(
  res: Response,
  until: (events: SseEvent[]) => boolean = () => false,
  onEvent?: (e: SseEvent) => void,
): Promise<SseEvent[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  const events: SseEvent[] = [];
  while (!until(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += decoder.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const chunk = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const ev: Record<string, string> = {};
      for (const line of chunk.split("\n")) {
        const m = /^(\w+): ?(.*)$/.exec(line);
        if (m) ev[m[1]!] = m[2]!;
      }
      if (ev.event) {
        const e = { event: ev.event, id: ev.id ?? "", data: JSON.parse(ev.data ?? "null") };
        events.push(e);
        onEvent?.(e);
      }
    }
  }
  await reader.cancel();
  return events;
}
