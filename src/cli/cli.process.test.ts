import type { Server as HttpServer } from "node:http";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { serve, type ServerType } from "@hono/node-server";
import type { Command } from "commander";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../test/helpers/fixtureServer.ts";
import { PANCAKES_HTML, startTestLadle, type TestLadle } from "../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../test/helpers/users.ts";
import { OPERATIONS } from "../mcp/operations.ts";
import { allLegacyCommands, main } from "./main.ts";
import { buildProgram, pathOf } from "./program.ts";

const run = promisify(execFile);
const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));
const README = readFileSync(new URL("../../docs/cli-and-mcp.md", import.meta.url), "utf8");

/** Every command of the tree but the hidden ones and commander's `help`. */
function walk(cmd: Command): Command[] {
  const subs = cmd.commands.filter(
    (c) => c.name() !== "help" && !(c as unknown as { _hidden?: boolean })._hidden,
  );
  return [cmd, ...subs.flatMap(walk)];
}

async function tree(): Promise<Command> {
  return buildProgram(await allLegacyCommands(), { out: () => {}, err: () => {} }, { code: 0 });
}

/** `main` in this process, its stdout captured. */
async function inProcess(argv: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = "";
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => {
    stdout += String(s);
    return true;
  });
  try {
    return { code: await main(argv), stdout };
  } finally {
    spy.mockRestore();
  }
}

/** The rows of the table under `heading` in docs/cli-and-mcp.md: the first backticked cell of each. */
function readmeTable(heading: string): string[] {
  const at = README.indexOf(heading);
  expect(at, heading).toBeGreaterThan(-1);
  const rows: string[] = [];
  for (const line of README.slice(at).split("\n").slice(1)) {
    if (line.startsWith("#")) break;
    const m = /^\|\s*`([^`]+)`/.exec(line);
    if (m) rows.push(m[1]!);
  }
  return rows;
}

describe("ladle --help", () => {
  it("every command answers --help with exit 0, its title and usage, naming each of its options", async () => {
    const program = await tree();
    const commands = walk(program);
    expect(commands.length).toBeGreaterThan(30);
    for (const cmd of commands) {
      const argv = [...pathOf(cmd).split(" ").slice(1), "--help"];
      const { code, stdout } = await inProcess(argv);
      expect(code, argv.join(" ")).toBe(0);
      expect(stdout, argv.join(" ")).toMatch(new RegExp(`^${pathOf(cmd)}: `));
      expect(stdout, argv.join(" ")).toMatch(/Usage/);
      for (const o of cmd.options) expect(stdout, `${argv.join(" ")} ${o.long}`).toContain(o.long!);
    }
  });

  it("ladle users --help names every users command the README sends people to", async () => {
    const { stdout } = await inProcess(["users", "--help"]);
    for (const sub of ["add", "list", "token", "password"]) expect(stdout).toContain(`ladle users ${sub} `);
  });

  it("the installed binary answers --help too, and a wrong command line exits 2 naming its help", async () => {
    const { stdout } = await run(process.execPath, [BIN, "recipes", "show", "--help"]);
    expect(stdout).toMatch(/^ladle recipes show: read a recipe/);
    const bad = await run(process.execPath, [BIN, "recipes", "show"]).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(bad).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/missing required argument[\s\S]*ladle recipes show --help/),
    });
  });
});

describe("the tables of docs/cli-and-mcp.md", () => {
  it("list exactly the registered MCP tools", () => {
    expect(readmeTable("### MCP tools").sort()).toEqual(OPERATIONS.map((o) => o.name).sort());
  });

  it("list exactly the CLI's commands", async () => {
    const leaves = walk(await tree())
      .filter((c) => c.commands.length === 0)
      .map((c) => pathOf(c));
    // "ladle recipes show <recipeId>" → "ladle recipes show"; "ladle tasks list\|commit" → "ladle tasks".
    const documented = readmeTable("### CLI commands").map((row) => {
      const words = row.split(/\s+/);
      const end = words.findIndex((w) => !/^[a-z][a-z-]*$/.test(w));
      return words.slice(0, end < 0 ? undefined : end).join(" ");
    });
    expect([...new Set(documented)].sort()).toEqual(leaves.sort());
  });
});

describe("completion", () => {
  it("prints scripts for bash, zsh and fish, and completes commands, options and choices", async () => {
    for (const shell of ["bash", "zsh", "fish"]) {
      const { code, stdout } = await inProcess(["completion", shell]);
      expect(code).toBe(0);
      expect(stdout).toContain("ladle __complete --");
    }
    expect((await inProcess(["__complete", "--", "rec"])).stdout).toBe("recipes\n");
    expect((await inProcess(["__complete", "--", "recipes", "s"])).stdout).toBe("search\nshow\n");
    expect((await inProcess(["__complete", "--", "recipes", "list", "--page-"])).stdout).toBe(
      "--page-size\n",
    );
    expect(
      (await inProcess(["__complete", "--", "bookmarks", "list", "--enrichment-status", ""])).stdout,
    ).toBe("pending\nsucceeded\nfailed\n");
  });
});

describe("a scripted session against a remote server", () => {
  let t: TestLadle;
  let site: FixtureServer;
  let http: ServerType;
  let origin = "";
  let alice: TestUser;
  let bob: TestUser;
  const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-cli-remote-"));

  beforeAll(async () => {
    site = await startFixtureServer({ "/pancakes": { body: PANCAKES_HTML } });
    t = await startTestLadle();
    alice = await createTestUser(t, { name: "alice" });
    bob = await createTestUser(t, { name: "bob" });
    await new Promise<void>((resolve) => {
      http = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 }, (info) => {
        origin = `http://127.0.0.1:${info.port}`;
        resolve();
      });
    });
  });
  afterAll(async () => {
    // The clients in this process keep their connections alive for seconds after the last answer:
    // close waits for them unless they are closed first.
    (http as HttpServer | undefined)?.closeAllConnections();
    await new Promise((r) => http?.close(r));
    await t?.close();
    await site?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The CLI in its own process, as a person runs it; no local database is ever opened. */
  async function ladleProcess(args: string[], env: Record<string, string> = {}) {
    try {
      const r = await run(process.execPath, [BIN, ...args], {
        env: { PATH: process.env.PATH ?? "", LADLE_CLI_CONFIG: path.join(dir, "none.json"), ...env },
      });
      return { code: 0, stdout: r.stdout, stderr: r.stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }
  /**
   * The same command path (`main`, commander, the remote executor over /mcp) in this process, with
   * the environment a fresh process would see: a process per command cost each one Node's start
   * and the CLI's hundreds of modules again, most of this file's time.
   */
  async function ladle(args: string[], env: Record<string, string> = {}) {
    const vars = {
      LADLE_CLI_CONFIG: path.join(dir, "none.json"),
      LADLE_SERVER: undefined,
      LADLE_TOKEN: undefined,
      LADLE_USER: undefined,
      // English, as the spawned CLI speaks with no locale set.
      LADLE_LANG: "en",
      ...env,
    };
    for (const [k, v] of Object.entries(vars)) vi.stubEnv(k, v);
    let stdout = "";
    let stderr = "";
    const out = vi.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => {
      stdout += String(s);
      return true;
    });
    const err = vi.spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => {
      stderr += String(s);
      return true;
    });
    try {
      return { code: await main(args), stdout, stderr };
    } finally {
      out.mockRestore();
      err.mockRestore();
      vi.unstubAllEnvs();
    }
  }
  const as = (u: TestUser) => ["--server", origin, "--token", u.token];

  it("imports, commits, searches, shows, edits, deletes and restores; bookmarks and libraries; another token sees none of it", async () => {
    // In its own process: progress goes to a stderr that is not a terminal.
    const imported = await ladleProcess([
      ...as(alice),
      "recipes",
      "import",
      `${site.origin}/pancakes`,
      "--wait",
      "500",
      "--json",
    ]);
    expect(imported.code, imported.stderr).toBe(0);
    const task = JSON.parse(imported.stdout);
    expect(task).toMatchObject({ status: "ReviewReady", draft: { recipe: { name: "Buttermilk Pancakes" } } });
    // Not a terminal: progress as plain lines on stderr.
    expect(imported.stderr).toMatch(/100% ready for review/);

    expect((await ladle([...as(bob), "recipes", "commit", task.taskId])).code).toBe(3);
    const committed = await ladle([...as(alice), "recipes", "commit", task.taskId]);
    expect(committed.stdout).toMatch(/^saved: "Buttermilk Pancakes" \(recipe [0-9a-f-]{36}\)/);

    const found = JSON.parse((await ladle([...as(alice), "recipes", "search", "pancakes", "--json"])).stdout);
    const id = found.items[0].id as string;
    // `ladle search` finds it by an ingredient, forgives a typo, and finds nothing for bob.
    const everything = await ladle([...as(alice), "search", "buttermilk"]);
    expect(everything.stdout).toMatch(new RegExp(`^recipe +${id} +Buttermilk Pancakes`));
    const typo = JSON.parse((await ladle([...as(alice), "search", "butermilk pancaks", "--json"])).stdout);
    expect(typo).toMatchObject({ fuzzy: true, items: [{ id, type: "recipe" }] });
    expect((await ladle([...as(bob), "search", "buttermilk"])).stdout).toBe("nothing found\n");
    const shown = await ladle([...as(alice), "recipes", "show", id]);
    expect(shown.stdout).toMatch(
      /^Buttermilk Pancakes {2}\(recipe .*, version 1\)[\s\S]*Ingredients[\s\S]*Steps/,
    );

    const edited = JSON.parse(
      (
        await ladle([
          ...as(alice),
          "recipes",
          "edit",
          id,
          "--set",
          "servings=6",
          "--note",
          "for six",
          "--json",
        ])
      ).stdout,
    );
    expect(edited.recipe).toMatchObject({ servings: 6, version: 2 });
    expect((await ladle([...as(alice), "recipes", "versions", id])).stdout).toMatch(/^v2 {2}edit/);

    expect((await ladle([...as(alice), "recipes", "delete", id])).stdout).toMatch(/restore it until/);
    const trash = JSON.parse((await ladle([...as(alice), "recipes", "list", "--deleted", "--json"])).stdout);
    expect(trash.items.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await ladle([...as(alice), "recipes", "restore", id])).stdout).toMatch(
      /^restored "Buttermilk Pancakes"/,
    );

    const mark = JSON.parse(
      (
        await ladle([
          ...as(alice),
          "bookmarks",
          "add",
          `${site.origin}/pancakes`,
          "--title",
          "Sunday",
          "--json",
        ])
      ).stdout,
    );
    expect(mark).toMatchObject({ title: "Sunday", created: true });
    expect(
      JSON.parse((await ladle([...as(alice), "bookmarks", "list", "--json"])).stdout).items,
    ).toHaveLength(1);
    const libs = JSON.parse((await ladle([...as(alice), "libraries", "list", "--json"])).stdout);
    expect(libs.libraries).toEqual([expect.objectContaining({ isDefault: true })]);

    // Bob, through the environment instead of flags: nothing of alice's.
    const env = { LADLE_SERVER: origin, LADLE_TOKEN: bob.token };
    expect(JSON.parse((await ladle(["bookmarks", "list", "--json"], env)).stdout).items).toEqual([]);
    expect((await ladle(["bookmarks", "show", mark.id], env)).code).toBe(3);
    expect((await ladle(["recipes", "edit", id, "--set", "servings=1"], env)).code).toBe(3);
    expect((await ladle(["articles", "list", "--library-id", libs.libraries[0].id], env)).code).toBe(3);
  });

  it("reads the server and token from the config file; a refused token or an unreachable server exits 4", async () => {
    const file = path.join(dir, "cli.json");
    writeFileSync(file, JSON.stringify({ server: origin, token: alice.token }));
    const listed = await ladle(["libraries", "list"], { LADLE_CLI_CONFIG: file });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/admin\s+.*\(default\)/);
    const refused = await ladle(["--server", origin, "--token", "wrong", "recipes", "list"]);
    expect(refused).toMatchObject({ code: 4, stderr: expect.stringMatching(/refused the token/) });
    const away = await ladle(["--server", "http://127.0.0.1:9", "recipes", "list"]);
    expect(away).toMatchObject({ code: 4, stderr: expect.stringMatching(/cannot reach/) });
  });
});
