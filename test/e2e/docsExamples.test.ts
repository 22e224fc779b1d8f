import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { zConfig } from "../../src/config.ts";
import { newWebhookSecret, signWebhook } from "../../src/services/webhooks/webhookSignature.ts";
import { createTestUser, type TestUser } from "../helpers/users.ts";
import { startTestLadle, type TestLadle } from "../helpers/testLadle.ts";

// The README's and docs' examples, checked so that a claim that stops being true fails here: shell
// blocks run as written against one fresh server on loopback, settings blocks are parsed by the
// config schema, the webhook receiver's check is run on a real signature. Each fenced block with a
// language is marked just above its fence: `<!-- example: runs -->`, `<!-- example: config -->`, or
// `<!-- example: not run: <why> -->`. A command's answer written as
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
  lang: string;
  marker: string | null;
  text: string;
  commands: Command[];
}
const SHELL = new Set(["sh", "bash", "shell", "console"]);

/** Every fenced block with a language of a Markdown file, with the marker above it (shell: its commands). */
function fencedBlocks(file: string): Block[] {
  const lines = readFileSync(path.join(ROOT, file), "utf8").split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(\s*)```(\w*)\s*$/.exec(lines[i]!);
    if (!fence) continue;
    let prev = i - 1;
    while (prev >= 0 && lines[prev]!.trim() === "") prev--;
    const m = prev >= 0 ? /^\s*<!-- example: (.*?) -->\s*$/.exec(lines[prev]!) : null;
    const body: { text: string; line: number }[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]!); j++)
      body.push({ text: lines[j]!.slice(fence[1]!.length), line: j + 1 });
    const lang = fence[2]!;
    // A fence without a language is a drawing or a listing, not an example.
    if (lang)
      blocks.push({
        file,
        line: i + 1,
        lang,
        marker: m ? m[1]! : null,
        text: body.map((b) => b.text).join("\n"),
        commands: SHELL.has(lang) ? commandsOf(body) : [],
      });
    i = j;
  }
  return blocks;
}

/** Commands (lines joined where the shell would) and the answer each is said to give. */
function commandsOf(body: { text: string; line: number }[]): Command[] {
  const out: Command[] = [];
  for (const { text, line } of body) {
    const arrow = /(?:^|\s)# → (.*)$/.exec(text);
    const last = out.at(-1);
    // A line ending in a backslash, a pipe or && goes on.
    if (last && /(?:\\|\||&&)\s*$/.test(last.text)) {
      last.text += "\n" + text;
      if (arrow) last.expect = arrow[1]!;
    } else if (text.trim() === "" || text.trim().startsWith("#")) {
      if (arrow && last) last.expect = arrow[1]!;
    } else out.push({ text, line, expect: arrow ? arrow[1]! : null });
  }
  return out;
}

const blocks = DOCS.flatMap(fencedBlocks);

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

type JsonSchema = {
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
};

/** The key paths of `value` the schema does not name (zod would pass over a misspelt key). */
function unknownKeys(value: unknown, schema: JsonSchema, at: string[]): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
    const sub =
      schema.properties?.[k] ??
      (typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined);
    return sub ? unknownKeys(v, sub, [...at, k]) : [[...at, k].join(":")];
  });
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
});

afterAll(async () => {
  await new Promise<void>((r) => http?.close(() => r()));
  await t?.close();
  rmSync(home, { recursive: true, force: true });
});

describe("the README's and docs' examples", () => {
  it("every example either runs here or says why not", () => {
    expect(blocks.filter((b) => SHELL.has(b.lang)).length).toBeGreaterThan(10);
    const unmarked = blocks.filter((b) => b.marker === null).map((b) => `${b.file}:${b.line}`);
    expect(
      unmarked,
      "blocks without <!-- example: runs|config --> or <!-- example: not run: why -->",
    ).toEqual([]);
    // Shell and the webhook check run; settings are checked against the schema.
    const checked = (b: Block) =>
      (b.marker === "runs" && (SHELL.has(b.lang) || b.lang === "js")) ||
      (b.marker === "config" && b.lang === "json");
    const bad = blocks
      .filter((b) => !checked(b) && !/^not run: \S.{8,}/.test(b.marker ?? ""))
      .map((b) => `${b.file}:${b.line}: ${b.marker}`);
    expect(bad, "a block that does not run says why, in words").toEqual([]);
  });

  it("the configuration examples are valid settings, every key one the schema has", () => {
    const configs = blocks.filter((b) => b.marker === "config");
    expect(configs.length).toBeGreaterThan(1);
    const schema = z.toJSONSchema(zConfig, { io: "input", unrepresentable: "any" }) as JsonSchema;
    for (const b of configs) {
      const where = `${b.file}:${b.line}`;
      const value = JSON.parse(b.text) as unknown;
      expect(unknownKeys(value, schema, []), where).toEqual([]);
      const parsed = zConfig.safeParse(value);
      expect(parsed.success, `${where}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it("the webhook receiver's check accepts Ladle's signature and refuses a changed body", async () => {
    const js = blocks.filter((b) => b.marker === "runs" && b.lang === "js");
    expect(js).toHaveLength(1);
    const file = path.join(home, "fromLadle.mjs");
    writeFileSync(file, `${js[0]!.text}\nexport { fromLadle };\n`);
    const { fromLadle } = (await import(file)) as {
      fromLadle(body: string, header: string, secret: string): boolean;
    };
    const secret = newWebhookSecret();
    const body = JSON.stringify({ id: "evt_1", type: "webhook.test" });
    const header = signWebhook(secret, body, new Date());
    expect(fromLadle(body, header, secret)).toBe(true);
    expect(fromLadle(body.replace("evt_1", "evt_2"), header, secret)).toBe(false);
    expect(fromLadle(body, signWebhook(secret, body, new Date(Date.now() - 3_600_000)), secret)).toBe(false);
  });

  it("cite no section sign: the specification documents they would point at are not in the repository", () => {
    for (const file of DOCS) expect(readFileSync(path.join(ROOT, file), "utf8"), file).not.toContain("§");
  });

  for (const file of DOCS) {
    const runnable = blocks.filter((b) => b.file === file && b.marker === "runs" && SHELL.has(b.lang));
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
    });
  }
});
