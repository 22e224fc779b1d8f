import { metrics } from "../metrics.ts";
import type { House } from "./health.ts";

/** Reads queue depth and the oldest queued job's age per family into the gauges (at scrape time). */
export async function collectQueueMetrics(house: House): Promise<void> {
  if (!house.queue) return;
  metrics.queueDepth.reset();
  metrics.queueOldest.reset();
  const oldest = new Map<string, number>();
  for (const d of await house.queue.depth()) {
    metrics.queueDepth.set({ family: d.family, state: d.state }, d.count);
    if (d.state !== "active") oldest.set(d.family, Math.max(oldest.get(d.family) ?? 0, d.oldestSeconds));
  }
  for (const [family, s] of oldest) metrics.queueOldest.set({ family }, s);
}
