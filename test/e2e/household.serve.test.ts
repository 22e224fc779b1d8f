import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../helpers/testDb.ts";

// `ladle serve` on a fresh install, as the person setting it up sees it: the setup code in its
// output on the first start (and it works from another machine), and a session that outlives a
// restart of the server process on the same database.

const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-serve-"));
let serverDb: TestDatabase | null = null;
let port: number;
const running = new Set<ChildProcess>();

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const p = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return p;
}

beforeAll(async () => {
  // On PostgreSQL a fresh database of its own; on PGlite a fresh data directory.
  if (process.env.DATABASE_URL) serverDb = await openTestDatabase();
  port = await freePort();
});
afterAll(async () => {
  for (const c of running) c.kill("SIGKILL");
  await serverDb?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `ladle serve` and resolves with everything it printed once it says it listens. */
async function serve(): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [BIN, "serve", "--port", String(port)], {
    env: {
      PATH: process.env.PATH ?? "",
      LADLE_CONFIG: "",
      LADLE_DATA_DIR: path.join(dir, "data"),
      ...(serverDb ? { DATABASE_URL: serverDb.url } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let out = "";
  const started = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("Ladle all started")) resolve();
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`ladle serve exited (${code}):\n${out}`)));
  });
  await started;
  return { child, output: () => out };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
  running.delete(child);
}

describe("ladle serve on a fresh install", () => {
  let cookie = "";

  it("prints the setup code on its first start; the code makes the owner from another machine", async () => {
    const { child, output } = await serve();
    // The code follows the server's "Ladle all started" line: wait for it to be printed.
    await expect.poll(() => /setup code ([0-9A-Z]{5}(?:-[0-9A-Z]{5}){3})/.exec(output())).toBeTruthy();
    const code = /setup code ([0-9A-Z]{5}(?:-[0-9A-Z]{5}){3})/.exec(output())![1];
    const base = `http://127.0.0.1:${port}`;
    // Forwarded by a proxy for another machine: without the code it is refused, with it Ann owns Ladle.
    const elsewhere = { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" };
    const without = await fetch(`${base}/api/welcome/owner`, {
      method: "POST",
      headers: elsewhere,
      body: JSON.stringify({ name: "ann", password: "ann's kitchen password" }),
    });
    expect(without.status).toBe(403);
    expect((await without.json()).code).toBe("SETUP_CODE_REQUIRED");
    const owner = await fetch(`${base}/api/welcome/owner`, {
      method: "POST",
      headers: elsewhere,
      body: JSON.stringify({ name: "ann", password: "ann's kitchen password", code }),
    });
    expect(owner.status).toBe(201);
    cookie = /ladle_session=[^;]+/.exec(owner.headers.get("set-cookie") ?? "")![0];
    expect((await (await fetch(`${base}/api/session`, { headers: { cookie } })).json()).user.name).toBe(
      "ann",
    );
    await stop(child);
  });

  it("keeps Ann signed in across a restart, and prints no setup code once there is an owner", async () => {
    expect(cookie).not.toBe("");
    const { child, output } = await serve();
    const res = await fetch(`http://127.0.0.1:${port}/api/session`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect((await res.json()).user.name).toBe("ann");
    // A forged cookie is still nobody.
    const forged = await fetch(`http://127.0.0.1:${port}/api/session`, {
      headers: { cookie: `${cookie.slice(0, -4)}AAAA` },
    });
    expect(forged.status).toBe(401);
    await stop(child);
    // Everything it printed, start to stop.
    expect(output()).toContain("Ladle all started");
    expect(output()).not.toMatch(/First run|setup code/i);
  });
});
