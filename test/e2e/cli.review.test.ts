import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeTooOld } from "../../bin/requireNode.js";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_VERBATIM_HTML } from "../helpers/testLadle.ts";
import { openTestDatabase, type TestDatabase } from "../helpers/testDb.ts";

// The review lifecycle and help from the command line: every command answers --help,
// `ladle tasks list|commit|reject`, and the Node version check.
const run = promisify(execFile);
const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-cli-review-"));
let site: FixtureServer;
let serverDb: TestDatabase | null = null;

beforeAll(async () => {
  site = await startFixtureServer({
    "/a": { body: PANCAKES_VERBATIM_HTML },
    "/b": { body: PANCAKES_VERBATIM_HTML },
  });
  if (process.env.DATABASE_URL) serverDb = await openTestDatabase();
});
afterAll(async () => {
  await site?.close();
  await serverDb?.close();
  rmSync(dir, { recursive: true, force: true });
});

function ladle(args: string[]) {
  return run(process.execPath, [BIN, ...args], {
    env: {
      PATH: process.env.PATH ?? "",
      LADLE_CONFIG: "",
      LADLE_DATA_DIR: path.join(dir, "data"),
      LADLE_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
      Fetch__PerDomainIntervalMs: "0",
      ...(serverDb ? { DATABASE_URL: serverDb.url } : {}),
    },
    maxBuffer: 64 * 1024 * 1024,
  });
}

describe("Node version", () => {
  it("names the real minimum and says what to do on an older Node", () => {
    expect(nodeTooOld("24.1.0")).toBeNull();
    expect(nodeTooOld("22.19.0")).toBeNull();
    expect(nodeTooOld("22.12.0")).toMatch(/needs Node\.js 22\.19 or newer.*this is Node 22\.12\.0/);
    expect(nodeTooOld("v20.11.1")).toMatch(/Install a newer Node/);
  });
});

describe("ladle --help", () => {
  it("every command answers --help with its usage and exit 0", async () => {
    for (const cmd of ["serve", "import", "extract", "check-url", "tasks", "mcp"]) {
      const { stdout } = await ladle([cmd, "--help"]);
      expect(stdout, cmd).toMatch(new RegExp(`^ladle ${cmd}: `));
      expect(stdout, cmd).toMatch(/Usage/);
    }
  });
});

describe("ladle tasks", () => {
  it("lists drafts, refuses copied text with a way forward, commits with --acknowledge-guardrail, rejects", async () => {
    const a = JSON.parse((await ladle(["import", `${site.origin}/a`, "--quiet"])).stdout);
    const b = JSON.parse((await ladle(["import", `${site.origin}/b`, "--quiet"])).stdout);
    const list = (await ladle(["tasks", "list", "--status", "ReviewReady"])).stdout;
    expect(list.indexOf(b.taskId)).toBeLessThan(list.indexOf(a.taskId));
    expect(list).toMatch(/ReviewReady\s+expires /);
    const refused = await ladle(["tasks", "commit", a.taskId]).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toMatch(/site's own words[\s\S]*--acknowledge-guardrail/);
    const ok = await ladle(["tasks", "commit", a.taskId, "--acknowledge-guardrail"]);
    expect(ok.stdout.trim()).toMatch(/^[0-9a-f-]{36}$/);
    expect(ok.stderr).toMatch(/saved: "Buttermilk Pancakes"/);
    await ladle(["tasks", "reject", b.taskId]);
    const json = JSON.parse((await ladle(["tasks", "list", "--json"])).stdout);
    const statuses = Object.fromEntries(
      json.tasks.map((t: { taskId: string; status: string }) => [t.taskId, t.status]),
    );
    expect(statuses).toMatchObject({ [a.taskId]: "Committed", [b.taskId]: "Rejected" });
    const bad = await ladle(["tasks", "frobnicate"]).catch((e: { code: number; stderr: string }) => e);
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringMatching(/unknown subcommand "frobnicate"/) });
  });
});
