import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../test/helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../test/helpers/testLadle.ts";

const exporter = new InMemorySpanExporter();
let t: TestLadle;
let site: FixtureServer;

beforeAll(async () => {
  // What startTelemetry does with an OTLP exporter, with one kept in memory instead.
  new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).register();
  site = await startFixtureServer({ "/pancakes": { body: PANCAKES_HTML } });
  t = await startTestLadle();
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe("OpenTelemetry", () => {
  it("traces one import across API → queue → worker → gateway in a single trace", async () => {
    const res = await t.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: `${site.origin}/pancakes` },
    });
    expect(res.status).toBe(202);
    expect((await t.waitTask(res.body.taskId)).status).toBe("ReviewReady");
    // The job's span ends when its handler returns, just after the task's final write.
    const end = Date.now() + 10_000;
    while (!exporter.getFinishedSpans().some((s) => s.name === "process ladle-task") && Date.now() < end)
      await new Promise((r) => setTimeout(r, 25));
    const spans = exporter.getFinishedSpans();
    const request = spans.find((s) => s.name === "POST /api/tasks");
    const send = spans.find((s) => s.name === "send ladle-task");
    const job = spans.find((s) => s.name === "process ladle-task");
    const fetch = spans.find((s) => s.name === "gateway.fetch");
    expect(request && send && job && fetch).toBeTruthy();
    const traceId = request!.spanContext().traceId;
    for (const s of [send!, job!, fetch!]) expect(s.spanContext().traceId).toBe(traceId);
    expect(send!.parentSpanContext?.spanId).toBe(request!.spanContext().spanId);
    expect(job!.parentSpanContext?.spanId).toBe(send!.spanContext().spanId);
    expect(fetch!.parentSpanContext?.spanId).toBe(job!.spanContext().spanId);
  });
});
