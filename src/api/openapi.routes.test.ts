import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startTestLadle, type TestLadle } from "../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../test/helpers/users.ts";
import { apiDocument } from "./apiDocument.ts";
import { definedOperations } from "./defineRoute.ts";
import { openApiDocument } from "./openApiDocument.ts";

/**
 * The OpenAPI document and the router agree: every route the app answers is in the
 * document with an operationId, every documented operation is a route the app answers, and the
 * document passes Redocly's recommended rules.
 */

type Doc = { paths: Record<string, Record<string, { operationId?: string }>> };
const toOpenApi = (honoPath: string) => honoPath.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, "{$1}");
// Routes that are not part of the JSON API: the web UI's pages and assets, the MCP endpoint (its own
// protocol, described by its tools), and the document itself.
const UNDOCUMENTED = [
  /^\/ui(\/|$)/,
  /^\/$/,
  /^\/favicon\.ico$/,
  // The web app manifest and its icons.
  /^\/manifest\.webmanifest$/,
  /^\/icons\//,
  // The web app's service worker.
  /^\/sw\.js$/,
  /^\/mcp(\/|$)/,
  /^\/static\//,
  /^\/api\/openapi\.json$/,
];

describe("the OpenAPI document", () => {
  let t: TestLadle;
  let doc: Doc;
  let admin: TestUser;
  beforeAll(async () => {
    t = await startTestLadle();
    doc = (await apiDocument(t.app)) as Doc;
    admin = await createTestUser(t, { name: "contract-admin", role: "admin" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("has every route the app answers, and only those, each with a unique operationId", () => {
    const routes = new Set(
      t.app.routes
        .filter((r) => r.method !== "ALL" && !UNDOCUMENTED.some((re) => re.test(r.path)))
        .map((r) => `${r.method} ${toOpenApi(r.path)}`),
    );
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
    );
    expect([...routes].filter((r) => !documented.has(r)).sort()).toEqual([]);
    expect([...documented].filter((r) => !routes.has(r)).sort()).toEqual([]);

    const ids = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([m, op]) => ({ at: `${m.toUpperCase()} ${p}`, id: op.operationId })),
    );
    expect(ids.filter((o) => !o.id).map((o) => o.at)).toEqual([]);
    const seen = new Map<string, string>();
    const dup = ids.filter((o) => (seen.has(o.id!) ? true : (seen.set(o.id!, o.at), false)));
    expect(dup.map((o) => `${o.at} reuses ${o.id} of ${seen.get(o.id!)}`)).toEqual([]);
  });

  it("is the same document without a database (what generators read)", async () => {
    expect(JSON.parse(JSON.stringify(await openApiDocument()))).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it("answers every list (a GET without path parameters) in the shape its contract declares", async () => {
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const [route, item] of Object.entries(definedOperations(t.app))) {
      const op = (
        item as { get?: { responses?: Record<string, unknown>; requestParams?: { query?: unknown } } }
      ).get;
      if (!op || route.includes("{") || route === "/metrics") continue;
      // Lists that need a query (a day range, a recipe) are met by their families' tests.
      const query = op.requestParams?.query;
      if (query instanceof z.ZodType && !query.safeParse({}).success) continue;
      const ok = op.responses?.["200"] as { content?: Record<string, { schema?: unknown }> } | undefined;
      const schema = ok?.content?.["application/json"]?.schema;
      if (!(schema instanceof z.ZodType)) continue;
      const res = await t.app.request(route, { headers: admin.headers });
      if (res.status !== 200) {
        wrong.push(`GET ${route} → ${res.status} ${await res.text()}`);
        continue;
      }
      const parsed = schema.safeParse(await res.json());
      checked.push(route);
      if (!parsed.success) wrong.push(`GET ${route}: ${z.prettifyError(parsed.error)}`);
    }
    expect(wrong).toEqual([]);
    // Not a check of nothing: the lists were there to look at.
    expect(checked.length).toBeGreaterThanOrEqual(6);
  });

  it("lints clean with Redocly's recommended rules", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-openapi-"));
    try {
      const file = path.join(dir, "openapi.json");
      writeFileSync(file, JSON.stringify(doc));
      const root = path.resolve(import.meta.dirname, "../..");
      const cli = path.join(root, "node_modules/@redocly/cli/bin/cli.js");
      const r = await promisify(execFile)(
        process.execPath,
        [cli, "lint", file, "--extends", "recommended", "--format", "stylish"],
        {
          cwd: dir,
          maxBuffer: 16 * 1024 * 1024,
          env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
        },
      ).then(
        (o) => ({ code: 0, out: o.stdout + o.stderr }),
        (e: { code?: number; stdout?: string; stderr?: string }) => ({
          code: e.code ?? 1,
          out: `${e.stdout}${e.stderr}`,
        }),
      );
      expect(r.code, r.out).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
