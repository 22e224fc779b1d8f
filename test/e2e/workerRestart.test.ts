import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));

let t: TestLadle;
let site: FixtureServer;
let firstHit: () => void;
const firstHitSeen = new Promise<void>((r) => (firstHit = r));
const children: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, [BIN, "serve", "--role", "worker"], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: t.db.url,
      LADLE_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
      LOG_LEVEL: "warn",
      LADLE_CONFIG: "",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.push(child);
  return child;
}

beforeAll(async () => {
  let hits = 0;
  site = await startFixtureServer({
    // The first request hangs (the worker is mid-fetch when it dies); later ones answer.
    "/slow-recipe": (_req, res) => {
      hits++;
      if (hits === 1) {
        firstHit();
        return;
      }
      res.writeHead(200, { "content-type": "text/html" }).end(PANCAKES_HTML);
    },
  });
  // API only in this process: the work happens in child worker processes.
  t = await startTestLadle({ worker: false });
});

afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await t?.close();
  await site?.close();
});

describe("worker processes", () => {
  it("a job whose worker was killed mid-job is finished by a worker started afterwards", async () => {
    const c = await t.json("POST", "/api/tasks", {
      agentType: "Ingest",
      payload: { mode: "Url", url: `${site.origin}/slow-recipe` },
    });
    expect(c.status).toBe(202);
    const first = startWorker();
    await firstHitSeen;
    const running = await t.json("GET", `/api/tasks/${c.body.taskId}`);
    expect(running.body.status).toBe("Running");
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));

    startWorker();
    const done = await t.waitTask(c.body.taskId, (s) => s === "ReviewReady" || s === "Failed", 60_000);
    expect(done.status).toBe("ReviewReady");
    expect(done.result.draft.recipe.name).toBe("Buttermilk Pancakes");
    expect(site.hits.get("/slow-recipe")).toBe(2);
  });
});
