/** Percentile (nearest-rank) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

export function fmt(ms: number): string {
  return `${ms.toFixed(1)} ms`;
}

/** Reads SSE from `url` until an event named `name` arrives. */
export async function waitForEvent(url: string, name: string): Promise<void> {
  const res = await fetch(url);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before ${name}`);
    buf += decoder.decode(value, { stream: true });
    if (buf.includes(`event: ${name}\n`)) {
      await reader.cancel();
      return;
    }
  }
}
