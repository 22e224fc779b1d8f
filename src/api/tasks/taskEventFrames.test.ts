import { describe, expect, it } from "vitest";
import type { TaskEvent } from "../../domain/task.ts";
import { taskEventFrames } from "./taskEventFrames.ts";

const at = "2026-12-01T03:00:00.000Z";
const event = (type: string, data: Record<string, unknown>): TaskEvent =>
  ({ id: "7", taskId: "t1", type, data, at }) as TaskEvent;
const sent = (e: TaskEvent) =>
  taskEventFrames(e, "t1", "th1").map((f) => ({ event: f.event, id: f.id, data: JSON.parse(f.data) }));

describe("taskEventFrames", () => {
  it("sends a phase's start with its ingest.progress after it, both naming the task and thread first", () => {
    const frames = sent(
      event("ingest.fetch.progress", {
        state: "started",
        status: "Running",
        phase: "Ingest.Fetch",
        progress: 0,
        url: "https://example.org/a",
      }),
    );
    expect(frames).toEqual([
      {
        event: "ingest.fetch.progress",
        id: "7",
        data: {
          taskId: "t1",
          threadId: "th1",
          state: "started",
          status: "Running",
          phase: "Ingest.Fetch",
          progress: 0,
          url: "https://example.org/a",
          at,
        },
      },
      {
        event: "ingest.progress",
        id: "7",
        data: { taskId: "t1", threadId: "th1", status: "Running", phase: "Ingest.Fetch", progress: 0, at },
      },
    ]);
    expect(Object.keys(frames[0]!.data).slice(0, 2)).toEqual(["taskId", "threadId"]);
  });

  it("sends a completed phase, an ingest.progress and the outcome's events as they are", () => {
    for (const e of [
      event("ingest.fetch.progress", {
        state: "completed",
        status: "Running",
        phase: "Ingest.Fetch",
        progress: 17,
      }),
      event("ingest.progress", { status: "Running", phase: "Ingest.Fetch", progress: 0 }),
      event("ingest.review_ready", { status: "ReviewReady", phase: "Ingest.ReviewReady", progress: 100 }),
      event("ingest.progress", { state: "started", status: "Running", phase: "Research", progress: 0 }),
    ])
      expect(sent(e)).toEqual([
        { event: e.type, id: "7", data: { taskId: "t1", threadId: "th1", ...e.data, at } },
      ]);
  });

  it("makes no ingest.progress for a start stored with its own (an event stored before the change)", () => {
    const old = event("ingest.extract.progress", {
      taskId: "t1",
      threadId: "th1",
      state: "started",
      status: "Running",
      phase: "Ingest.Extract",
      progress: 17,
    });
    expect(sent(old).map((f) => f.event)).toEqual(["ingest.extract.progress"]);
    expect(sent(old)[0]!.data).toEqual({ ...old.data, at });
  });
});
