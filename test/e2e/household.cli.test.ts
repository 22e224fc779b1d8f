import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.ts";
import { PANCAKES_VERBATIM_HTML } from "../helpers/testLadle.ts";
import { openTestDatabase, type TestDatabase } from "../helpers/testDb.ts";

// The household from the terminal: the setup code, invitations, the rescue link, disable and remove,
// with the same refusals as the People screen (no one added before the owner, never the last admin);
// and the household's story beside a running server: the setup code, Ann's imports from the
// terminal, Ben's invitation accepted in the browser's way, and `ladle users disable` ending his token.

const run = promisify(execFile);
const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-household-"));
let serverDb: TestDatabase | null = null;
let storyDb: TestDatabase | null = null;

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    serverDb = await openTestDatabase();
    storyDb = await openTestDatabase();
  }
});
afterAll(async () => {
  await serverDb?.close();
  await storyDb?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Where a command's data lives: a data directory for PGlite, a database on PostgreSQL. */
interface Store {
  dataDir: string;
  url: string | undefined;
}
const main = (): Store => ({ dataDir: path.join(dir, "data"), url: serverDb?.url });
const storeEnv = (store: Store) => ({
  PATH: process.env.PATH ?? "",
  LADLE_CONFIG: "",
  LADLE_DATA_DIR: store.dataDir,
  // The recipe pages of this test are on loopback.
  LADLE_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
  ...(store.url ? { DATABASE_URL: store.url } : {}),
});

async function ladle(
  args: string[],
  store: Store = main(),
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const p = run(process.execPath, [BIN, ...args], { env: storeEnv(store) });
    p.child.stdin?.end("");
    const r = await p;
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

// Three steps on one household, each with its own time: every command is a process opening the
// database, and seventeen of them in one test outran its five minutes on a busy CI machine.
describe("ladle users for a household", () => {
  it("prints the setup code, then invitations and reset links once there is an owner", async () => {
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
  });

  it("disables and removes people, never the last admin", async () => {
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
  });

  it("refuses a second setup code once the household has an owner", async () => {
    const again = await ladle(["users", "setup"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already has an owner");
  });
});

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const p = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return p;
}

describe("the household's story from the terminal, beside a running server", () => {
  let site: FixtureServer;
  let server: ChildProcess | null = null;
  const store: Store = { dataDir: path.join(dir, "story"), url: undefined };
  let base = "";

  beforeAll(async () => {
    store.url = storyDb?.url;
    site = await startFixtureServer({
      "/pancakes": { body: PANCAKES_VERBATIM_HTML },
      "/waffles": { body: PANCAKES_VERBATIM_HTML.replaceAll("Pancakes", "Waffles") },
    });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [BIN, "serve", "--port", String(port)], {
      env: storeEnv(store),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("Ladle all started")) resolve();
      };
      server!.stdout!.on("data", read);
      server!.stderr!.on("data", read);
      server!.once("exit", (code) => reject(new Error(`ladle serve exited (${code}):\n${out}`)));
    });
  });
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    await site?.close();
  });

  it("setup code → Ann owns it → Ann imports two recipes → Ben joins by link → disabling Ben ends his token", async () => {
    const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${p}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    // The first run from another machine (forwarded by a proxy), with the code the terminal printed.
    const setup = await ladle(["users", "setup"], store);
    expect(setup.code).toBe(0);
    const code = setup.stdout.trim();
    const elsewhere = { "x-forwarded-for": "203.0.113.9" };
    const owner = await post(
      "/api/welcome/owner",
      { name: "ann", password: "ann's kitchen password", code },
      elsewhere,
    );
    expect(owner.status).toBe(201);
    const ann = { cookie: /ladle_session=[^;]+/.exec(owner.headers.get("set-cookie") ?? "")![0] };

    // Ann imports two recipes from the terminal: they are hers.
    for (const page of ["pancakes", "waffles"]) {
      const imported = await ladle(
        ["import", `${site.origin}/${page}`, "--commit", "--acknowledge-guardrail", "--quiet"],
        store,
      );
      expect(imported.code, imported.stderr).toBe(0);
    }
    const recipes = await (await fetch(`${base}/api/recipes`, { headers: ann })).json();
    expect(recipes.items.map((r: { name: string }) => r.name).sort()).toEqual([
      "Buttermilk Pancakes",
      "Buttermilk Waffles",
    ]);

    // Ann invites Ben from the terminal; Ben accepts the link as his browser would.
    const invite = await ladle(["users", "invite", "--url", `${base}/`], store);
    expect(invite.code).toBe(0);
    const link = invite.stdout.trim();
    expect(link.startsWith(`${base}/#/invite/`)).toBe(true);
    const joined = await post(`/api/welcome/invitations/${link.split("/#/invite/")[1]}`, {
      name: "ben",
      password: "ben's own password",
    });
    expect(joined.status).toBe(201);
    const ben = { cookie: /ladle_session=[^;]+/.exec(joined.headers.get("set-cookie") ?? "")![0] };
    // Ben sees none of Ann's recipes; Ann is still signed in.
    expect((await (await fetch(`${base}/api/recipes`, { headers: ben })).json()).total).toBe(0);
    expect((await fetch(`${base}/api/session`, { headers: ann })).status).toBe(200);
    // A token for Ben's script.
    const made = await post("/api/users/me/tokens", { name: "script" }, ben);
    expect(made.ok).toBe(true);
    const bearer = { authorization: `Bearer ${(await made.json()).token}` };
    expect((await fetch(`${base}/api/session`, { headers: bearer })).status).toBe(200);

    // Disabled from the terminal: his token and his session end at their next request.
    const off = await ladle(["users", "disable", "ben"], store);
    expect(off.code, off.stderr).toBe(0);
    expect((await fetch(`${base}/api/session`, { headers: bearer })).status).toBe(401);
    expect((await fetch(`${base}/api/recipes`, { headers: bearer })).status).toBe(401);
    expect((await fetch(`${base}/api/session`, { headers: ben })).status).toBe(401);
    // Ann's recipes and session are untouched.
    expect((await (await fetch(`${base}/api/recipes`, { headers: ann })).json()).total).toBe(2);
  });
});
