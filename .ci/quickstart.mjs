// `node .ci/quickstart.mjs CLONE`: the README's `npm start` in a fresh clone (installed with
// `npm ci`), on whatever Node runs this: waits for the web app's first screen, imports one page from
// a loopback site through the CLI, then stops the server with SIGTERM and waits for it to end.
// Plain JavaScript for Node 18+, like bin/ownNode.js: it runs before Node 24 is provisioned.
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";

const clone = process.argv[2];
if (!clone) {
  console.error("usage: node .ci/quickstart.mjs CLONE");
  process.exit(2);
}
const run = promisify(execFile);
const STARTS_WITHIN_MS = 300_000; // the first run may fetch Node 24 before it starts
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Quick pancakes</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"Quick pancakes",
"recipeYield":"8 pancakes","recipeIngredient":["200 g flour","2 eggs","300 ml milk","1 pinch salt"],
"recipeInstructions":[{"@type":"HowToStep","text":"Whisk the flour, eggs, milk and salt into a smooth batter."},
{"@type":"HowToStep","text":"Fry ladlefuls in a hot buttered pan, two minutes a side."}]}</script>
</head><body><h1>Quick pancakes</h1></body></html>`;

/**
 * The one import the quick start must answer, the way a person would make it from the same machine:
 * the CLI against the running server. Change this when the server asks for a sign-in.
 */
async function importOnePage(origin, pageUrl) {
  const { stdout } = await run("npx", ["ladle", "recipes", "import", pageUrl, "--server", origin, "--json"], {
    cwd: clone,
    maxBuffer: 16 << 20,
  });
  const task = JSON.parse(stdout);
  if (task.status !== "ReviewReady")
    throw new Error(`the import ended ${task.status}: ${JSON.stringify(task.error)}`);
  return `a draft of "${task.draft?.recipe?.name}" waiting for review`;
}

const listen = (server) =>
  new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server.address().port)));

async function freePort() {
  const probe = http.createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function until(what, withinMs, check) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const got = await check().catch(() => null);
    if (got) return got;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const site = http.createServer((req, res) => {
  res.writeHead(req.url === "/pancakes" ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
  res.end(req.url === "/pancakes" ? PAGE : "not here");
});
const sitePort = await listen(site);
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;

// `npm ci` made the fresh database the first start copies (bin/prepareEmbedded.js, on this Node or
// the one it fetched): without it the first start runs initdb and holds about a gigabyte.
const cache = path.join(clone, "node_modules", ".cache", "ladle");
const template = fs.existsSync(cache)
  ? fs.readdirSync(cache).find((name) => fs.existsSync(path.join(cache, name, "PG_VERSION")))
  : undefined;
if (!template) {
  console.error(`quick start failed: npm ci made no embedded database template under ${cache}`);
  process.exit(1);
}
console.log(`npm ci made the embedded database template ${template}`);
console.log(`$ npm start -- --port ${port}    (on Node ${process.versions.node}, in ${clone})`);
// Its own process group, so stopping it reaches npm and what npm started.
const server = spawn("npm", ["start", "--", "--port", String(port)], {
  cwd: clone,
  env: { ...process.env, LADLE_ALLOW_PRIVATE_HOSTS: "127.0.0.1" },
  stdio: ["ignore", "inherit", "inherit"],
  detached: true,
});
const ended = new Promise((resolve) => server.on("exit", (code, signal) => resolve({ code, signal })));
let failed = false;
try {
  const screen = await until("the web app's first screen", STARTS_WITHIN_MS, async () => {
    const res = await fetch(`${origin}/`);
    const body = await res.text();
    const type = res.headers.get("content-type") ?? "";
    return res.status === 200 && type.startsWith("text/html") ? { type, body } : null;
  });
  const title = /<title>([^<]*)<\/title>/.exec(screen.body)?.[1];
  console.log(`first screen: GET ${origin}/ answered 200 ${screen.type}, "${title}"`);
  // The screen is the app the page loads, bundled by esbuild on the first request.
  const script = /<script[^>]*\ssrc="([^"]+)"/.exec(screen.body)?.[1];
  if (!script) throw new Error("the first screen loads no script");
  const app = await fetch(new URL(script, origin));
  const code = await app.text();
  if (app.status !== 200 || !/javascript/.test(app.headers.get("content-type") ?? "")) {
    throw new Error(`GET ${script} answered ${app.status} ${app.headers.get("content-type")}`);
  }
  console.log(`the app: GET ${script} answered 200, ${code.length} bytes of JavaScript`);
  const imported = await importOnePage(origin, `http://127.0.0.1:${sitePort}/pancakes`);
  console.log(`import: http://127.0.0.1:${sitePort}/pancakes became ${imported}`);
} catch (err) {
  failed = true;
  console.error(`quick start failed: ${err.message}`);
}
process.kill(-server.pid, "SIGTERM");
const stopped = await Promise.race([
  ended,
  new Promise((resolve) => setTimeout(() => resolve(null), 60_000)),
]);
if (!stopped) {
  failed = true;
  console.error("quick start: the server did not stop within 60 s of SIGTERM");
  process.kill(-server.pid, "SIGKILL");
}
// npm itself ends at once on SIGTERM; the server ends when it has finished: wait for the port to close.
await until("the server stopping", 60_000, () =>
  fetch(`${origin}/`).then(
    () => false,
    () => true,
  ),
).catch((err) => {
  failed = true;
  console.error(`quick start: ${err.message}`);
});
site.close();
if (!failed) console.log("stopped: npm start ended on SIGTERM and the server closed its port");
process.exit(failed ? 1 : 0);
