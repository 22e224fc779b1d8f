import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, type TestUser } from "../helpers/users.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

// The README's and docs' shell examples, run as written against one fresh server on loopback, so
// a claim that stops being true fails here. Each ```sh block is marked just above its fence:
// `<!-- example: runs -->`, or `<!-- example: not run: <why> -->`. A command's answer written as
// `# → 400 {"code":"INVALID_AGENT_TYPE",…}` is checked: the status, and every "key" and "key":"value"
// of it (values with … are left out).

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DOCS = ["README.md", ...readdirSync(path.join(ROOT, "docs")).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith(".md"),
);

interface Command {
  text: string;
  line: number;
  expect: string | null;
}
interface Block {
  file: string;
  line: number;
  marker: string | null;
  commands: Command[];
}

/** Every shell block of a Markdown file, with the marker above it and its commands. */
function shellBlocks(file: string): Block[] {
  const lines = readFileSync(path.join(ROOT, file), "utf8").split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(\s*)```(sh|bash|shell|console)\s*$/.exec(lines[i]!);
    if (!fence) {
      // Skip the insides of other fences (a ``` inside a JSON block is not a shell block).
      if (/^\s*```\S*\s*$/.test(lines[i]!)) while (++i < lines.length && !/^\s*```\s*$/.test(lines[i]!));
      continue;
    }
    let prev = i - 1;
    while (prev >= 0 && lines[prev]!.trim() === "") prev--;
    const m = prev >= 0 ? /^\s*<!-- example: (.*?) -->\s*$/.exec(lines[prev]!) : null;
    const body: { text: string; line: number }[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]!); j++)
      body.push({ text: lines[j]!.slice(fence[1]!.length), line: j + 1 });
    blocks.push({ file, line: i + 1, marker: m ? m[1]! : null, commands: commandsOf(body) });
    i = j;
  }
  return blocks;
}

/** Commands (lines joined at a trailing backslash) and the answer each is said to give. */
function commandsOf(body: { text: string; line: number }[]): Command[] {
  const out: Command[] = [];
  for (const { text, line } of body) {
    const arrow = /(?:^|\s)# → (.*)$/.exec(text);
    const last = out.at(-1);
    if (last && /\\\s*$/.test(last.text)) {
      last.text += "\n" + text;
      if (arrow) last.expect = arrow[1]!;
    } else if (text.trim() === "" || text.trim().startsWith("#")) {
      if (arrow && last) last.expect = arrow[1]!;
    } else out.push({ text, line, expect: arrow ? arrow[1]! : null });
  }
  return out;
}

const blocks = DOCS.flatMap(shellBlocks);

let t: TestLadle;
let ada: TestUser;
let http: ServerType;
let origin = "";
const home = mkdtempSync(path.join(os.tmpdir(), "ladle-docs-"));

/** One file's runnable blocks in one bash session (variables carry from block to block). */
function runScript(script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script], {
      // In the repository, as a reader runs them (npx finds the ladle command there).
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: home,
        LADLE: origin,
        TOKEN: ada.token,
        // The CLI's data commands go to the test's server with ada's token.
        LADLE_SERVER: origin,
        LADLE_TOKEN: ada.token,
        LADLE_DATA_DIR: path.join(home, "data"),
        LADLE_CONFIG: "",
        npm_config_update_notifier: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("exit", () => resolve(out));
  });
}

/** "key" and "key":"value" pairs of an expected answer, and its status when it starts with one. */
function expectations(expected: string): { status: number | null; fragments: string[] } {
  const status = /^(\d{3})\b/.exec(expected.trim());
  const fragments: string[] = [];
  for (const m of expected.matchAll(
    /"([A-Za-z_][\w.-]*)"\s*:\s*("(?:[^"\\…]|\\.)*"|true|false|null|-?\d+(?:\.\d+)?)?/g,
  )) {
    fragments.push(`"${m[1]}"`);
    if (m[2]) fragments.push(`"${m[1]}":${m[2]}`);
  }
  return { status: status ? Number(status[1]) : null, fragments };
}

beforeAll(async () => {
  t = await startTestLadle();
  ada = await createTestUser(t, { name: "ada", role: "admin" });
  await new Promise<void>((resolve) => {
    http = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 }, (info) => {
      origin = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
}, 120_000);

afterAll(async () => {
  await new Promise<void>((r) => http?.close(() => r()));
  await t?.close();
  rmSync(home, { recursive: true, force: true });
});

describe("the README's and docs' shell examples", () => {
  it("every shell block either runs here or says why not", () => {
    expect(blocks.length).toBeGreaterThan(10);
    const unmarked = blocks.filter((b) => b.marker === null).map((b) => `${b.file}:${b.line}`);
    expect(unmarked, "shell blocks without <!-- example: runs --> or <!-- example: not run: why -->").toEqual(
      [],
    );
    const bad = blocks
      .filter((b) => b.marker !== "runs" && !/^not run: \S.{8,}/.test(b.marker ?? ""))
      .map((b) => `${b.file}:${b.line}: ${b.marker}`);
    expect(bad, "a block that does not run says why, in words").toEqual([]);
  });

  it("cite no section sign: the specification documents they would point at are not in the repository", () => {
    for (const file of DOCS) expect(readFileSync(path.join(ROOT, file), "utf8"), file).not.toContain("§");
  });

  for (const file of DOCS) {
    const runnable = blocks.filter((b) => b.file === file && b.marker === "runs");
    if (runnable.length === 0) continue;
    it(`${file}: the examples marked runnable run and answer as written`, async () => {
      const commands = runnable.flatMap((b) => b.commands);
      // curl wrapped so each answer ends with its status; -sS keeps errors visible.
      // Each answer's status goes to stderr, which is stdout's pipe (so the order holds) but not
      // what a $(…) captures: `JOB=$(curl … | jq -r .id)` works as written.
      const prelude = `exec 2>&1
set -o pipefail
curl() { command curl -sS -w '%{stderr}\\n@@status %{http_code}\\n' "$@"; }
`;
      const script =
        prelude + commands.map((c, i) => `echo "@@cmd ${i}"\n${c.text}\necho "@@exit $?"`).join("\n") + "\n";
      const out = await runScript(script);
      const parts = out.split(/^@@cmd (\d+)$/m);
      const results = new Map<number, string>();
      for (let i = 1; i < parts.length; i += 2) results.set(Number(parts[i]), parts[i + 1] ?? "");
      commands.forEach((c, i) => {
        const where = `${file}:${c.line}: ${c.text}`;
        const res = results.get(i);
        expect(res, `${where} never ran:\n${out.slice(-2000)}`).toBeDefined();
        expect(/^@@exit (\d+)$/m.exec(res!)?.[1], `${where}\n${res}`).toBe("0");
        if (!c.expect) return;
        const { status, fragments } = expectations(c.expect);
        const statuses = [...res!.matchAll(/^@@status (\d{3})$/gm)].map((m) => Number(m[1]));
        if (status !== null) expect(statuses.at(-1), `${where}\n${res}`).toBe(status);
        const body = res!.replace(/\s+(?=[":,}\]])|(?<=[:,{[])\s+/g, "");
        for (const f of fragments) expect(body, `${where}: expected ${f}`).toContain(f);
      });
    }, 180_000);
  }
});
