import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "./openApiDocument.ts";
import { PANCAKES_VERBATIM_HTML, startTestLadle, type TestLadle } from "../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../test/helpers/users.ts";
import { startFixtureServer, type FixtureServer } from "../../test/helpers/fixtureServer.ts";
import { articlePage, PNG_1x1 } from "../../test/helpers/articlePages.ts";
import { paprikaExport } from "../../test/helpers/interopFixtures.ts";

/**
 * Ownership, route by route: every resource user A makes answers 404 to user B on every
 * route of the OpenAPI document that names it (reads, writes, deletes, sub-resources, SSE), never
 * 403, never in B's lists. The route table and the document must agree on every route with a path
 * parameter, so a route added without a document entry, or with one but no owner check, fails here.
 */

/** Routes whose ids are not a user's resource, and why they answer B otherwise. */
const NOT_OWNED: Record<string, string> = {
  // The parse-request family is a shared cache of public pages: in-flight requests for one URL are
  // one request for every caller (parse-request-flow.md dedup), guests included; the id is the capability.
  "/api/parse-requests/{id}": "shared cache of public pages",
  "/api/parse-requests/{id}/events": "shared cache of public pages (the poll, as a stream)",
  // The prompt registry is the server's, managed by admins (B, a user, gets 403 on all of it).
  "/api/prompts/{id}": "admin registry",
  "/api/prompts/{id}/activate": "admin registry",
  "/api/prompts/{id}/deactivate": "admin registry",
  // The server's backups hold everyone's data: admins only (B, a user, gets 403 on all of it).
  "/api/backups/{name}": "admin area",
  // A public link is a capability its owner hands out and can turn off.
  "/shared/{token}": "public link",
  // Moved: a redirect to /api/images/recipes/{id}, which answers 404 to anyone else.
  "/api/collections/images/{id}": "redirect to the recipe picture",
  // Invitation and reset links: whoever holds the one-time code is the one it was made for.
  "/api/welcome/invitations/{code}": "one-time link",
  "/api/welcome/resets/{code}": "one-time link",
};

const toOpenApi = (honoPath: string) => honoPath.replace(/:([A-Za-z]+)/g, "{$1}");

describe("every route answers 404 for another user's resources", () => {
  let t: TestLadle;
  let site: FixtureServer;
  let alice: TestUser;
  let bob: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    site = await startFixtureServer({
      "/pancakes": { body: PANCAKES_VERBATIM_HTML },
      "/waffles": { body: PANCAKES_VERBATIM_HTML.replaceAll("Pancakes", "Waffles") },
      "/bread": { body: articlePage({ body: '<figure><img src="/img/loaf.png" alt="The loaf"></figure>' }) },
      "/img/loaf.png": { headers: { "content-type": "image/png" }, body: PNG_1x1 },
      "/bookmark": { body: "<html><head><title>A page</title></head><body><p>Hello</p></body></html>" },
      "/feed.xml": {
        headers: { "content-type": "application/rss+xml" },
        body: '<?xml version="1.0"?><rss version="2.0"><channel><title>Alice reads</title></channel></rss>',
      },
    });
    t = await startTestLadle();
    alice = await createTestUser(t, { name: "alice" });
    bob = await createTestUser(t, { name: "bob" });
    const as = (method: string, path: string, body?: unknown) => t.json(method, path, body, alice.headers);

    // A task committed into a recipe, and a second draft waiting for review.
    const task = async (path: string) => {
      const r = await as("POST", "/api/tasks", {
        agentType: "Ingest",
        payload: { mode: "Url", url: `${site.origin}${path}` },
      });
      expect(r.status).toBe(202);
      await t.waitTask(r.body.taskId, (s) => s === "ReviewReady", 60_000, alice.headers);
      return r.body.taskId as string;
    };
    ids.committedTask = await task("/pancakes");
    const commit = await as("POST", "/api/recipes/import", {
      taskId: ids.committedTask,
      acknowledgeGuardrail: true,
    });
    expect(commit.status).toBe(200);
    ids.recipe = commit.body.recipe.id;
    ids.draftTask = await task("/waffles");
    const arts = await as("GET", `/api/tasks/${ids.committedTask}/artifacts`);
    ids.artifact = arts.body.artifacts[0].name;
    const norm = await as("POST", `/api/recipes/${ids.recipe}/normalize`, {});
    expect(norm.status).toBe(202);
    ids.normalizeTask = norm.body.taskId;
    await t.waitTask(ids.normalizeTask!, (s) => s !== "Pending" && s !== "Running", 60_000, alice.headers);
    // Refresh from source: a re-read of the recipe's page, waiting for review.
    const refresh = await as("POST", `/api/recipes/${ids.recipe}/refresh`);
    expect(refresh.status).toBe(202);
    ids.refresh = refresh.body.refreshId;
    // A page shared to Ladle while signed in: put aside for Alice alone.
    const form = new FormData();
    form.set("url", `${site.origin}/pancakes`);
    const shared = await t.app.request("/share", { method: "POST", headers: alice.headers, body: form });
    expect(shared.status).toBe(303);
    ids.sharedItem = /#\/share\/([\w-]+)$/.exec(shared.headers.get("location") ?? "")![1]!;

    // An upload and an import job.
    const up = await t.app.request("/v1/uploads", {
      method: "POST",
      headers: { ...alice.headers, "content-type": "text/plain" },
      body: "Toast\n\nIngredients\n2 slices bread\n1 tbsp butter\n\nMethod\n1. Toast the bread.\n2. Butter it.",
    });
    expect(up.status).toBe(201);
    ids.upload = ((await up.json()) as { token: string }).token;
    const job = await as("POST", "/v1/import", { source_type: "text", source_ref: ids.upload });
    expect([200, 202]).toContain(job.status);
    ids.importJob = job.body.job_id ?? job.body.id;

    // A bookmark, an article with a proxied image, a library.
    const item = await as("POST", "/api/v1/items", { url: `${site.origin}/bookmark` });
    expect([200, 201, 202]).toContain(item.status);
    ids.item = item.body.id ?? item.body.item?.id;
    const art = await as("POST", "/media/web-articles", { url: `${site.origin}/bread` });
    expect(art.status).toBe(202);
    ids.media = art.body.data.id;
    for (let i = 0; ; i++) {
      const m = await as("GET", `/media/${ids.media}`);
      if (m.body.data?.processing_status === "ready_for_reading") break;
      if (m.body.data?.processing_status === "failed" || i > 600)
        throw new Error("article did not become ready");
      await new Promise((r) => setTimeout(r, 50));
    }
    const frags = await as("GET", `/media/${ids.media}/fragments`);
    ids.image = /\/api\/images\/([0-9a-f-]+)/.exec(frags.body.data.fragments[0].html_sanitized)![1]!;
    // A kept copy of the article's page, and a highlight with a note on it.
    const kept = await as("POST", "/api/archives", { articleId: ids.media });
    expect(kept.status).toBe(201);
    ids.archive = kept.body.id;
    const hl = await as("POST", "/api/highlights", {
      articleId: ids.media,
      quote: "Sourdough asks for patience",
      start: 0,
      end: 27,
      note: "mine",
    });
    expect(hl.status).toBe(201);
    ids.highlight = hl.body.id;
    // The kitchen: a planned meal, a shopping list, a pantry item, a public link.
    const plan = await as("POST", "/api/plans", { day: "2026-06-01", recipeId: ids.recipe });
    expect(plan.status).toBe(201);
    ids.plan = plan.body.id;
    const list = await as("POST", "/api/shopping-lists", { recipes: [{ recipeId: ids.recipe }] });
    expect(list.status).toBe(201);
    ids.shoppingList = list.body.id;
    ids.shoppingItem = list.body.items[0].id;
    const pantry = await as("POST", "/api/pantry", { name: "salt" });
    expect(pantry.status).toBe(201);
    ids.pantry = pantry.body.id;
    const share = await as("POST", "/api/recipe-shares", { recipeId: ids.recipe });
    expect(share.status).toBe(201);
    ids.share = share.body.id;
    // A bulk import of a Paprika file: its job, and a recipe with the picture it brought.
    const coll = await t.app.request("/api/collections?policy=commit_clean", {
      method: "POST",
      headers: { ...alice.headers, "content-type": "application/octet-stream" },
      body: paprikaExport() as Uint8Array<ArrayBuffer>,
    });
    expect(coll.status).toBe(202);
    ids.collection = ((await coll.json()) as { id: string }).id;
    for (let i = 0; ; i++) {
      const j = await as("GET", `/api/collections/${ids.collection}/report`);
      if (j.body.job?.status === "completed") {
        ids.collectionRecipe = j.body.entries.find((e: { resultId: string | null }) => e.resultId).resultId;
        break;
      }
      if (i > 600) throw new Error("collection job did not finish");
      await new Promise((r) => setTimeout(r, 50));
    }
    const lib = await as("POST", "/api/libraries", { name: "Alice's kitchen" });
    expect(lib.status).toBe(201);
    ids.library = lib.body.id ?? lib.body.library?.id;
    const hook = await as("POST", "/api/webhooks", {
      url: `${site.origin}/hook`,
      events: ["recipe.updated"],
    });
    expect(hook.status).toBe(201);
    ids.webhook = hook.body.id;
    const feed = await as("POST", "/api/feeds", { url: `${site.origin}/feed.xml` });
    expect(feed.status).toBe(201);
    ids.feed = feed.body.feed.id;
    // People: Alice's API token.
    ids.token = (await as("GET", "/api/users/me/tokens")).body.tokens[0].id;
    // A sign-in of Alice's (the Sessions list).
    await t.ladle.signIn.setPassword(alice.id, "alice's long password");
    await t.json("POST", "/api/session", { name: "alice", password: "alice's long password" });
    ids.session = (await as("GET", "/api/session/sessions")).body.sessions[0].id;
  });

  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  /** Alice's id for a path parameter of a route. */
  function fill(route: string): string {
    const [, family] =
      /^\/(api\/v1\/items|api\/collections|api\/tasks|api\/recipes|api\/images|api\/libraries|media|v1\/import|api\/plans|api\/shopping-lists|api\/pantry|api\/recipe-shares|api\/webhooks|api\/feeds|api\/share|api\/users|api\/session|api\/archives|archives|api\/highlights)\b/.exec(
        route,
      ) ?? ["", ""];
    const id = route.startsWith("/api/images/recipes/")
      ? ids.recipe
      : route.startsWith("/api/images/tasks/")
        ? ids.draftTask
        : family === "api/tasks"
          ? route.endsWith("/apply")
            ? ids.normalizeTask
            : route.includes("/artifacts")
              ? ids.committedTask
              : ids.draftTask
          : (
              {
                "api/recipes": ids.recipe,
                "api/images": ids.image,
                "api/libraries": ids.library,
                media: ids.media,
                "v1/import": ids.importJob,
                "api/v1/items": ids.item,
                "api/plans": ids.plan,
                "api/shopping-lists": ids.shoppingList,
                "api/pantry": ids.pantry,
                "api/recipe-shares": ids.share,
                "api/webhooks": ids.webhook,
                "api/feeds": ids.feed,
                "api/share": ids.sharedItem,
                "api/users": alice.id,
                "api/session": ids.session,
                "api/archives": ids.archive,
                archives: ids.archive,
                "api/highlights": ids.highlight,
                "api/collections": route.includes("/images/") ? ids.collectionRecipe : ids.collection,
              } as Record<string, string | undefined>
            )[family ?? ""];
    if (!id) throw new Error(`the ownership test has no resource for ${route}: add one`);
    return (
      route
        .replace("{id}", id)
        .replace("{name}", encodeURIComponent(ids.artifact!))
        .replace("{n}", "1")
        .replace("{refreshId}", ids.refresh!)
        // Bob's own library: sharing Alice's recipe there must still find no recipe.
        .replace("{libraryId}", bob.defaultLibraryId)
        .replace("{userId}", alice.id)
        .replace("{itemId}", ids.shoppingItem!)
        .replace("{seq}", "0")
        .replace("{tokenId}", ids.token!)
    );
  }

  it("documents every route with a path parameter that the app answers", async () => {
    const doc = (await openApiDocument()) as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
    );
    const missing = t.app.routes
      .filter((r) => r.method !== "ALL" && r.path.includes(":") && !r.path.startsWith("/ui/"))
      .map((r) => `${r.method} ${toOpenApi(r.path)}`)
      .filter((r) => !documented.has(r));
    expect([...new Set(missing)]).toEqual([]);
  });

  it("answers 404 to another user on every documented route that names one of their resources", async () => {
    const doc = (await openApiDocument()) as { paths: Record<string, Record<string, unknown>> };
    const seen: string[] = [];
    const wrong: string[] = [];
    for (const [route, ops] of Object.entries(doc.paths)) {
      if (!route.includes("{") || NOT_OWNED[route]) continue;
      for (const method of Object.keys(ops)) {
        const path = fill(route);
        const res = await t.app.request(path, {
          method: method.toUpperCase(),
          headers: { ...bob.headers, "content-type": "application/json" },
          ...(method === "get" || method === "delete" ? {} : { body: JSON.stringify(bodyFor(route)) }),
        });
        seen.push(`${method.toUpperCase()} ${route}`);
        if (res.status !== 404)
          wrong.push(`${method.toUpperCase()} ${route} → ${res.status} ${await res.text()}`);
        else await res.body?.cancel();
      }
    }
    expect(wrong).toEqual([]);
    // The walk covered every family.
    for (const prefix of [
      "/api/tasks/",
      "/api/recipes/",
      "/media/",
      "/api/images/",
      "/v1/import/",
      "/api/v1/items/",
      "/api/libraries/",
      "/api/collections/",
      "/api/webhooks/",
      "/api/feeds/",
      "/api/users/",
      "/api/session/sessions/",
      "/api/archives/",
      "/archives/",
      "/api/highlights/",
    ])
      expect(seen.some((s) => s.includes(` ${prefix}`))).toBe(true);
  });

  it("answers 404 where another user's id travels in the body", async () => {
    const asBob = (method: string, path: string, body?: unknown) => t.json(method, path, body, bob.headers);
    const calls: [string, string, unknown][] = [
      ["POST", "/api/recipes/import", { taskId: ids.draftTask, acknowledgeGuardrail: true }],
      ["POST", "/api/recipes/import", { taskId: ids.committedTask }],
      ["POST", "/api/recipes/check", { taskId: ids.draftTask }],
      ["POST", "/api/recipes/paraphrase", { taskId: ids.draftTask }],
      ["POST", "/api/tasks", { agentType: "Ingest", payload: { mode: "Normalize", recipeId: ids.recipe } }],
      ["POST", "/api/tasks", { agentType: "Ingest", payload: { mode: "Normalize", taskId: ids.draftTask } }],
      ["POST", "/v1/import", { source_type: "text", source_ref: ids.upload }],
      // A page sent from Bob's browser into Alice's library.
      ...(["article", "bookmark"] as const).map((as): [string, string, unknown] => [
        "POST",
        "/api/captures",
        { url: `${site.origin}/bookmark`, html: "<p>Hello</p>", as, libraryId: ids.library },
      ]),
      ["POST", "/api/archives", { articleId: ids.media }],
      ["POST", "/api/archives", { bookmarkId: ids.item }],
      ["POST", "/api/highlights", { articleId: ids.media, quote: "Sourdough", start: 0, end: 9 }],
    ];
    const wrong: string[] = [];
    for (const [m, p, b] of calls) {
      const r = await asBob(m, p, b);
      // Paraphrase without a language model says so before looking (422), which tells nothing.
      if (r.status !== 404 && !(p === "/api/recipes/paraphrase" && r.status === 422))
        wrong.push(`${m} ${p} ${JSON.stringify(b)} → ${r.status} ${JSON.stringify(r.body)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("lists none of another user's resources, and counts none", async () => {
    const asBob = (path: string) => t.json("GET", path, undefined, bob.headers);
    const lists = await Promise.all([
      asBob("/api/tasks?all=true"),
      asBob("/api/tasks?status=ReviewReady"),
      asBob("/api/recipes"),
      asBob("/api/recipes?deleted=true"),
      asBob("/v1/import"),
      asBob("/api/v1/items"),
      asBob("/media"),
      asBob("/api/libraries"),
      asBob("/api/collections"),
      asBob("/api/webhooks"),
      asBob("/api/feeds"),
      asBob("/api/archives"),
      asBob("/api/highlights"),
    ]);
    const text = JSON.stringify(lists.map((l) => l.body));
    for (const [k, v] of Object.entries(ids)) if (k !== "artifact") expect(text, k).not.toContain(v);
    expect(lists[2]!.body.total).toBe(0);
    expect(lists[0]!.body.total).toBe(0);
  });

  it("a deleted recipe is gone: 404 to its owner outside the trash and its restore", async () => {
    const as = (method: string, path: string) => t.json(method, path, undefined, alice.headers);
    expect((await as("DELETE", `/api/recipes/${ids.recipe}`)).status).toBe(200);
    expect((await as("GET", `/api/recipes/${ids.recipe}`)).status).toBe(404);
    expect((await as("GET", `/api/recipes/${ids.recipe}/versions`)).status).toBe(404);
    const live = (await as("GET", "/api/recipes")).body.items.map((r: { id: string }) => r.id);
    expect(live).not.toContain(ids.recipe);
    const trash = await as("GET", "/api/recipes?deleted=true");
    expect(trash.body.items.map((r: { id: string }) => r.id)).toEqual([ids.recipe]);
    // Bob cannot restore it either: to him it never existed.
    expect((await t.json("POST", `/api/recipes/${ids.recipe}/restore`, {}, bob.headers)).status).toBe(404);
    expect((await t.json("POST", `/api/recipes/${ids.recipe}/restore`, {}, alice.headers)).status).toBe(200);
    expect((await as("GET", `/api/recipes/${ids.recipe}`)).status).toBe(200);
  });
});

/** A body that passes each route's validation, so the walk reaches the owner check. */
function bodyFor(route: string): unknown {
  if (route.endsWith("/apply")) return { accept: "all" };
  if (route.endsWith("/reject")) return { reason: "not mine" };
  if (route.endsWith("/restart")) return { candidateIndex: 0 };
  if (route.endsWith("/members")) return { user: "bob", role: "member" };
  if (route === "/api/v1/items/{id}") return { title: "mine now" };
  if (route === "/api/plans/{id}") return { servings: 2 };
  if (route === "/api/recipes/{id}") return { changes: { name: "mine now" } };
  if (route.endsWith("/items/{itemId}")) return { checked: true };
  if (route.endsWith("/disabled")) return { disabled: true };
  if (route === "/api/highlights/{id}") return { note: "mine now" };
  // A body the route's schema accepts: the walk asks about ownership, not about the input.
  if (route.endsWith("/redeliver")) return { deliveryId: "00000000-0000-4000-8000-000000000000" };
  return {};
}
