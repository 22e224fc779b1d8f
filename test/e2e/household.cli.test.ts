import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../helpers/testDb.ts";

// The household from the terminal: the setup code, invitations, the rescue link, disable and remove,
// with the same refusals as the People screen (no one added before the owner, never the last admin).

const run = promisify(execFile);
const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-household-"));
let serverDb: TestDatabase | null = null;

beforeAll(async () => {
  if (process.env.DATABASE_URL) serverDb = await openTestDatabase();
});
afterAll(async () => {
  await serverDb?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function ladle(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const p = run(process.execPath, [BIN, ...args], {
      env: {
        PATH: process.env.PATH ?? "",
        LADLE_CONFIG: "",
        LADLE_DATA_DIR: path.join(dir, "data"),
        ...(serverDb ? { DATABASE_URL: serverDb.url } : {}),
      },
    });
    p.child.stdin?.end("");
    const r = await p;
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("ladle users for a household", () => {
  it("prints the setup code, invitations and reset links; disables and removes people, never the last admin", async () => {
    const setup = await ladle(["users", "setup"]);
    expect(setup.code).toBe(0);
    expect(setup.stdout.trim()).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    const early = await ladle(["users", "invite"]);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain("no owner yet");

    expect((await ladle(["users", "add", "ann", "--role", "admin"])).code).toBe(0);
    const invite = await ladle(["users", "invite", "--url", "https://ladle.home.example/"]);
    expect(invite.code).toBe(0);
    expect(invite.stdout.trim()).toMatch(/^https:\/\/ladle\.home\.example\/#\/invite\/[A-Za-z0-9_-]{20,}$/);
    const reset = await ladle(["users", "reset", "ann"]);
    expect(reset.code).toBe(0);
    expect(reset.stdout.trim()).toMatch(/^http:\/\/127\.0\.0\.1:3000\/#\/reset\/[A-Za-z0-9_-]{20,}$/);
    expect((await ladle(["users", "reset", "nobody"])).code).toBe(1);

    const last = await ladle(["users", "disable", "ann"]);
    expect(last.code).toBe(1);
    expect(last.stderr).toContain("last admin");
    expect((await ladle(["users", "add", "ben"])).code).toBe(0);
    expect((await ladle(["users", "disable", "ben"])).code).toBe(0);
    expect((await ladle(["users", "list"])).stdout).toMatch(/^ben\tuser \(disabled\)\t/m);
    expect((await ladle(["users", "remove", "ben"])).code).toBe(1);
    const removed = await ladle(["users", "remove", "ben", "--to", "ann"]);
    expect(removed.code).toBe(0);
    expect((await ladle(["users", "list"])).stdout).not.toMatch(/^ben\t/m);
    expect((await ladle(["users", "remove", "ann", "--to", "ann"])).stderr).toContain("last admin");

    const again = await ladle(["users", "setup"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already has an owner");
  }, 300_000);
});
