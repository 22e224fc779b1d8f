import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../helpers/testDb.ts";

const run = promisify(execFile);
const BIN = fileURLToPath(new URL("../../bin/ladle.js", import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-users-"));
let serverDb: TestDatabase | null = null;

beforeAll(async () => {
  if (process.env.DATABASE_URL) serverDb = await openTestDatabase();
});
afterAll(async () => {
  await serverDb?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function ladle(
  args: string[],
  stdin?: string,
  extraEnv: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const p = run(process.execPath, [BIN, ...args], {
      env: {
        PATH: process.env.PATH ?? "",
        LADLE_CONFIG: "",
        LADLE_DATA_DIR: path.join(dir, "data"),
        ...(serverDb ? { DATABASE_URL: serverDb.url } : {}),
        ...extraEnv,
      },
    });
    p.child.stdin?.end(stdin ?? "");
    const r = await p;
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("ladle users", () => {
  it("adds a user (token printed once), lists users and tokens, issues another token", async () => {
    // Added from a Swedish terminal: her own library is named in Swedish.
    const added = await ladle(["users", "add", "ada", "--role", "admin"], undefined, { LADLE_LANG: "sv" });
    expect(added.code).toBe(0);
    const token = added.stdout.trim();
    expect(token).toMatch(/^ldl_[A-Za-z0-9_-]{40,}$/);
    // The machine's operator acts as the first admin: Ada.
    const libs = JSON.parse((await ladle(["libraries", "list", "--json"])).stdout) as {
      libraries: { name: string; isDefault: boolean }[];
    };
    expect(libs.libraries).toEqual([expect.objectContaining({ name: "Mitt bibliotek", isDefault: true })]);

    const second = await ladle(["users", "token", "ada", "--name", "laptop"]);
    expect(second.code).toBe(0);
    expect(second.stdout.trim()).not.toBe(token);

    const list = await ladle(["users", "list"]);
    expect(list.stdout).toMatch(/^ada\tadmin\t[0-9a-f-]{36}\t2 token\(s\)/m);
    expect(list.stdout).toContain("\tlaptop\t");
    expect(list.stdout).not.toContain(token);

    const bad = await ladle(["users", "add", "x", "--role", "root"]);
    expect(bad.code).toBe(2);

    // A password for the web app, read from stdin; a short one is refused with the rule.
    const weak = await ladle(["users", "password", "ada"], "short\n");
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/at least|10 to/);
    const pw = await ladle(["users", "password", "ada"], "a long enough password\n");
    expect(pw.code).toBe(0);
    expect(pw.stderr).toContain("password set for ada");
  });
});
