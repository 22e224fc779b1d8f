import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));

let t: TestLadle;
let site: FixtureServer;
const children: ChildProcess[] = [];

/**
 * A worker process, resolved once it says it started: on a busy machine a worker still loading
 * when the other's fetch ended would fetch again, and the test is about callers at the same time.
 */
async function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, "serve", "--role", "worker"], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: t.db.url,
      LADLE_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
      LOG_LEVEL: "info",
      LADLE_CONFIG: "",
      // A window long enough for the last of 100 tasks on a busy test machine.
      Fetch__SharedFetchReuseSeconds: "300",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  let out = "";
  await new Promise<void>((resolve, reject) => {
    const on = (d: Buffer) => {
      out += d.toString();
      if (out.includes("Ladle worker started")) resolve();
    };
    child.stdout!.on("data", on);
    child.once("exit", (code) => reject(new Error(`worker exited (${code}): ${out.slice(-2000)}`)));
  });
  // Its later lines are read and dropped, so that a full pipe never stalls it.
  child.stdout!.removeAllListeners("data");
  child.stdout!.resume();
  return child;
}

beforeAll(async () => {
  site = await startFixtureServer({
    // Slow enough that both workers ask while the first fetch is still in flight.
    "/crowd": (_req, res) => {
      setTimeout(() => res.writeHead(200, { "content-type": "text/html" }).end(PANCAKES_HTML), 1500);
    },
  });
  // API only in this process: the work happens in two child worker processes.
  t = await startTestLadle({ worker: false });
  await Promise.all([startWorker(), startWorker()]);
});

afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await t?.close();
  await site?.close();
});

describe("one fetch per URL across worker processes", () => {
  it("100 concurrent identical submissions (recipe tasks and parse requests) reach the origin once", async () => {
    const url = `${site.origin}/crowd`;
    const [tasks, parses] = await Promise.all([
      Promise.all(
        Array.from({ length: 100 }, () =>
          t.json("POST", "/api/tasks", { agentType: "Ingest", payload: { mode: "Url", url } }),
        ),
      ),
      Promise.all(Array.from({ length: 100 }, () => t.json("POST", "/api/parse-requests", { url }))),
    ]);
    expect(tasks.every((r) => r.status === 202)).toBe(true);
    expect(new Set(parses.map((r) => r.body.requestId)).size).toBe(1);

    const done = await Promise.all(
      tasks.map((c) => t.waitTask(c.body.taskId, (s) => s !== "Pending" && s !== "Running", 240_000)),
    );
    expect(done.filter((d) => d.status !== "ReviewReady")).toEqual([]);
    const requestId = parses[0]!.body.requestId as string;
    const end = Date.now() + 60_000;
    let poll = await t.json("GET", `/api/parse-requests/${requestId}`);
    while (poll.body.status !== "COMPLETED" && poll.body.status !== "FAILED" && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      poll = await t.json("GET", `/api/parse-requests/${requestId}`);
    }
    expect(poll.body.status).toBe("COMPLETED");
    expect(poll.body.recipe.title).toBe("Buttermilk Pancakes");
    expect(site.hits.get("/crowd")).toBe(1);
  });
});
