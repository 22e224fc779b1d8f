import http from "node:http";
import type { AddressInfo } from "node:net";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPage, type FetchOptions } from "./fetchPage.ts";

const HOST = "127.0.0.2";
let server: http.Server;
let origin: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/page") return res.writeHead(200, { "content-type": "text/html" }).end("<p>a page</p>");
    if (req.url === "/bare") return res.writeHead(200).end("<p>no type</p>");
    if (req.url === "/image") return res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(64, 1));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, HOST, r));
  origin = `http://${HOST}:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const opts: FetchOptions = {
  userAgent: "LadleBot/test",
  maxBytes: 1024 * 1024,
  policy: { allowPrivateHosts: [HOST] },
  connectTimeoutMs: 1000,
  headersTimeoutMs: 1000,
  bodyTimeoutMs: 1000,
  totalTimeoutMs: 5000,
};

describe("fetchPage: the body's memory", () => {
  it("a page (HTML, XML, text or no type) is in shared memory, so a thread is handed it without a copy; an image is not", async () => {
    const page = await fetchPage(`${origin}/page`, opts);
    const bare = await fetchPage(`${origin}/bare`, opts);
    const image = await fetchPage(`${origin}/image`, opts);
    if (!page.ok || !bare.ok || !image.ok) throw new Error("fetch failed");
    expect(page.body.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(bare.body.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(image.body.buffer).toBeInstanceOf(ArrayBuffer);
    expect(page.body.toString()).toBe("<p>a page</p>");
    // Posted to a thread, it arrives as the same memory (no copy), and stays whole here.
    const worker = new Worker(
      `require("node:worker_threads").parentPort.on("message", (b) => { b[0] = 0x5b; require("node:worker_threads").parentPort.postMessage(b.buffer instanceof SharedArrayBuffer); });`,
      { eval: true },
    );
    worker.postMessage(page.body);
    const shared = await new Promise((r) => worker.once("message", r));
    await worker.terminate();
    expect(shared).toBe(true);
    expect(page.body.toString()).toBe("[p>a page</p>");
  });
});
