// Hand-written patch: @electric-sql/pglite-socket 0.2 interleaves extended-protocol messages
// (Parse/Bind/Execute...Sync) of different connections, which corrupts concurrent queries
// ("bind message supplies 1 parameters, but prepared statement requires 4"), and its queue stops
// for good after one failed message. This keeps one connection's message sequence together
// until Sync, as it already does for transactions, and keeps going after a failure.
import type { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(err: unknown): void;
  onData(data: Uint8Array): void;
}

interface QueryQueue {
  db: PGlite;
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  processQueue(): Promise<void>;
  clearTransactionIfNeeded(handlerId: number): Promise<void>;
}

const code = (c: string) => c.charCodeAt(0);
// Messages that open or continue an extended-protocol sequence; Sync ('S') or a simple Query ('Q') ends it.
const EXTENDED = new Set(["P", "B", "D", "E", "C", "H"].map(code));
const ENDS = new Set(["S", "Q"].map(code));

function patchQueue(q: QueryQueue): void {
  let sticky: number | null = null;

  q.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = this.db.isInTransaction() && this.lastHandlerId ? this.lastHandlerId : sticky;
        let item: QueuedMessage | undefined;
        if (owner !== null) {
          const idx = this.queue.findIndex((m) => m.handlerId === owner);
          // The owner's next message has not arrived yet; it will restart the queue.
          if (idx === -1) break;
          item = this.queue.splice(idx, 1)[0];
        } else item = this.queue.shift();
        if (!item) break;
        const type = item.message[0]!;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (err) {
          if (sticky === item.handlerId) sticky = null;
          item.reject(err);
          continue;
        }
        this.lastHandlerId = item.handlerId;
        if (EXTENDED.has(type)) sticky = item.handlerId;
        else if (ENDS.has(type) && sticky === item.handlerId) sticky = null;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };

  const clear = q.clearTransactionIfNeeded.bind(q);
  q.clearTransactionIfNeeded = async (handlerId: number) => {
    if (sticky === handlerId) sticky = null;
    await clear(handlerId);
    await q.processQueue();
  };
}

/** A PGlite socket server safe for many concurrent connections. */
export function createPgliteServer(db: PGlite, path: string): PGLiteSocketServer {
  const server = new PGLiteSocketServer({ db, path, maxConnections: 100 });
  patchQueue((server as unknown as { queryQueue: QueryQueue }).queryQueue);
  return server;
}
