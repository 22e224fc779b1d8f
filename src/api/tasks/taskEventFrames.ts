import type { TaskEvent } from "../../domain/task.ts";

/** One server-sent event of a task's stream. */
export interface SseFrame {
  event: string;
  id: string;
  data: string;
}

/** A phase's own event (`ingest.fetch.progress`…), not `ingest.progress` itself. */
const PHASE_EVENT = /^ingest\.[a-z]+\.progress$/;

/**
 * The frames a stored task event is sent as. Stored events hold neither their task nor their
 * thread (runTask's `eventData`): both are sent first in each frame, as they always were. A phase's
 * start is stored alone, and its `ingest.progress` (the same status, phase and progress, which the
 * web app's progress bar reads) is made here and sent after it under the same id. An event stored
 * before that change still holds its `taskId` and has its `ingest.progress` stored beside it, so
 * none is made for it (no client sees one twice).
 */
export function taskEventFrames(e: TaskEvent, taskId: string, threadId: string): SseFrame[] {
  const frames = [
    { event: e.type, id: e.id, data: JSON.stringify({ taskId, threadId, ...e.data, at: e.at }) },
  ];
  if (PHASE_EVENT.test(e.type) && e.data.state === "started" && !("taskId" in e.data)) {
    const { status, phase, progress } = e.data;
    frames.push({
      event: "ingest.progress",
      id: e.id,
      data: JSON.stringify({ taskId, threadId, status, phase, progress, at: e.at }),
    });
  }
  return frames;
}
