// Preloaded into the worker processes by the queue bench's heap mode (`BENCH_QUEUE_HEAP=dir`,
// `node --import ./bench/heapSampler.ts`): V8's sampling heap profiler, keeping the samples of
// objects the garbage collector has freed since (`includeObjectsCollectedBy*GC`), so the profile
// says what was allocated, not what is still alive: what the collector had to clear is what it
// cost. Written to `<dir>/heap-<pid>.heapprofile` every 5 s and at exit (Chrome DevTools opens
// it; `node bench/heapProfileSummary.ts` sums it by function and by the nearest Ladle frame).
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

const dir = process.env.BENCH_QUEUE_HEAP;
if (dir) {
  const session = new Session();
  session.connect();
  // One sample per 16 KB allocated on average (V8's default is 512 KB: too few for one run).
  session.post("HeapProfiler.startSampling", {
    samplingInterval: 16 * 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  const file = path.join(dir, `heap-${process.pid}.heapprofile`);
  // A session on the process's own thread answers synchronously: this runs at exit too.
  const write = () =>
    session.post("HeapProfiler.getSamplingProfile", (err, r) => {
      if (!err) writeFileSync(file, JSON.stringify(r.profile));
    });
  setInterval(write, 5000).unref();
  process.on("exit", write);
}
