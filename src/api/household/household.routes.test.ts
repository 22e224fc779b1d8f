import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { serveApp, type ServedApp } from "../../../test/helpers/browser.ts";
import { startFixtureServer, type FixtureServer } from "../../../test/helpers/fixtureServer.ts";
import { PANCAKES_VERBATIM_HTML } from "../../../test/helpers/testLadle.ts";

// One household (first run, invitations, reset links, disable, remove with transfer, sessions),
// driven through the API as a browser would: the session cookie, from this machine or elsewhere.
// The story: recipes imported before the first run become Ann's, Ann invites Ben, Ben accepts, Ann
// shares a library and a recipe in it with him, and Ann disables him.

/** The session cookie a sign-in answer set, as a Cookie header. */
function cookieOf(res: Response): Record<string, string> {
  const set = res.headers.get("set-cookie") ?? "";
  const m = /ladle_session=([^;]+)/.exec(set);
  if (!m) throw new Error(`no session cookie in ${set}`);
  return { cookie: `ladle_session=${m[1]}` };
}

describe("a household from the first run", () => {
  let t: TestLadle;
  let http: ServedApp;
  let site: FixtureServer;
  const recipes: Record<string, string> = {};
  let clock = Date.parse("2026-03-01T12:00:00Z");
  let ann: Record<string, string>;
  let ben: Record<string, string>;
  let benId: string;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    site = await startFixtureServer({
      "/pancakes": { body: PANCAKES_VERBATIM_HTML },
      "/waffles": { body: PANCAKES_VERBATIM_HTML.replaceAll("Pancakes", "Waffles") },
    });
    t = await startTestLadle({
      now: () => new Date(clock),
      config: { Auth: { SinglePerson: false } },
    });
    http = await serveApp(t.app);
  });
  afterAll(async () => {
    http?.close();
    await t?.close();
    await site?.close();
  });

  it("starts with nobody: what the machine's own user makes before the first run becomes the owner's", async () => {
    const welcome = await t.json("GET", "/api/welcome");
    expect(welcome.body).toMatchObject({ firstRun: true, singlePerson: false });
    // Made before the first run, as the machine's one user (a CLI import or API call would be the same).
    for (const page of ["pancakes", "waffles"]) {
      const started = await t.json("POST", "/api/tasks", {
        agentType: "Ingest",
        payload: { mode: "Url", url: `${site.origin}/${page}` },
      });
      expect(started.status).toBe(202);
      await t.waitTask(started.body.taskId, (s) => s === "ReviewReady", 60_000);
      const saved = await t.json("POST", "/api/recipes/import", {
        taskId: started.body.taskId,
        acknowledgeGuardrail: true,
      });
      expect(saved.status).toBe(200);
      recipes[page] = saved.body.recipe.id;
    }
    const lib = await t.json("POST", "/api/libraries", { name: "Made before" });
    expect(lib.status).toBe(201);
    // Adding people waits for the owner: it would end the open mode and lock its one user out.
    const early = await t.json("POST", "/api/users", { name: "someone" });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("FIRST_RUN_NEEDED");
  });

  it("refuses the first run from another address without the setup code, and a cross-site one", async () => {
    // app.request has no socket: not this machine.
    const res = await post("/api/welcome/owner", { name: "ann", password: "ann's long password" });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("SETUP_CODE_REQUIRED");
    const wrong = await post("/api/welcome/owner", {
      name: "ann",
      password: "ann's long password",
      code: "AAAAA-BBBBB",
    });
    expect(wrong.status).toBe(403);
    const cross = await fetch(`${http.base}/api/welcome/owner`, {
      method: "POST",
      headers: { "content-type": "text/plain", origin: "https://evil.example" },
      body: JSON.stringify({ name: "eve", password: "eve's long password" }),
    });
    expect(cross.status).toBe(403);
    expect((await cross.json()).code).toBe("CROSS_SITE_REQUEST");
    // A reverse proxy on this machine forwarding someone else is not the person at its keyboard.
    const proxied = await fetch(`${http.base}/api/welcome/owner`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
      body: JSON.stringify({ name: "eve", password: "eve's long password" }),
    });
    expect(proxied.status).toBe(403);
    expect((await proxied.json()).code).toBe("SETUP_CODE_REQUIRED");
    const weak = await fetch(`${http.base}/api/welcome/owner`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "ann", password: "short" }),
    });
    expect(weak.status).toBe(400);
    expect((await weak.json()).code).toBe("WEAK_PASSWORD");
  });

  it("takes a setup code once, from anywhere; the owner sees what was made before", async () => {
    const { code } = await t.ladle.household.newSetupCode();
    // Asked in French: the library the machine made (named in English) takes the owner's language.
    const res = await post(
      "/api/welcome/owner",
      { name: "ann", password: "ann's long password", code },
      { "accept-language": "fr-FR,fr;q=0.9" },
    );
    expect(res.status).toBe(201);
    expect((await res.json()).user).toMatchObject({ name: "ann", role: "admin" });
    ann = cookieOf(res);
    const again = await post("/api/welcome/owner", { name: "eve", password: "eve's long password", code });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe("SETUP_DONE");
    const libs = await t.json("GET", "/api/libraries", undefined, ann);
    expect(libs.body.libraries.map((l: { name: string }) => l.name)).toContain("Made before");
    expect(libs.body.libraries.map((l: { name: string }) => l.name)).toContain("Ma bibliothèque");
    const mine = await t.json("GET", "/api/recipes", undefined, ann);
    expect(mine.body.items.map((r: { name: string }) => r.name).sort()).toEqual([
      "Buttermilk Pancakes",
      "Buttermilk Waffles",
    ]);
    // Nobody acts as the machine's user any more.
    expect((await t.json("GET", "/api/libraries")).status).toBe(401);
    expect((await t.json("GET", "/api/welcome")).body.firstRun).toBe(false);
  });

  it("invites Ben with a one-time link; Ann stays signed in", async () => {
    const inv = await t.json("POST", "/api/users/invitations", { role: "user" }, ann);
    expect(inv.status).toBe(201);
    expect(inv.body.path).toBe(`/#/invite/${inv.body.code}`);
    expect((await t.json("GET", `/api/welcome/invitations/${inv.body.code}`)).body.role).toBe("user");
    const taken = await post(`/api/welcome/invitations/${inv.body.code}`, {
      name: "ann",
      password: "ben's long password",
    });
    expect(taken.status).toBe(409);
    const joined = await post(
      `/api/welcome/invitations/${inv.body.code}`,
      { name: "ben", password: "ben's long password" },
      { "accept-language": "de-DE" },
    );
    expect(joined.status).toBe(201);
    ben = cookieOf(joined);
    // His own library is named in the language he joined in.
    const benLibs = await t.json("GET", "/api/libraries", undefined, ben);
    expect(benLibs.body.libraries.map((l: { name: string }) => l.name)).toEqual(["Meine Bibliothek"]);
    benId = (await joined.json()).user.id;
    const reused = await post(`/api/welcome/invitations/${inv.body.code}`, {
      name: "cleo",
      password: "cleo's long password",
    });
    expect(reused.status).toBe(410);
    expect((await reused.json()).code).toBe("LINK_INVALID");
    expect((await t.json("GET", "/api/session", undefined, ann)).body.user.name).toBe("ann");
    expect((await t.json("GET", "/api/session", undefined, ben)).body.user.name).toBe("ben");
  });

  it("shares a library with Ben: he reads what Ann puts in it, and nothing else of hers", async () => {
    // Ann still sees her two recipes after Ben joined; Ben starts with none.
    expect((await t.json("GET", "/api/recipes", undefined, ann)).body.total).toBe(2);
    expect((await t.json("GET", "/api/recipes", undefined, ben)).body.total).toBe(0);
    const kitchen = await t.json("POST", "/api/libraries", { name: "Our kitchen" }, ann);
    expect(kitchen.status).toBe(201);
    const added = await t.json("POST", `/api/libraries/${kitchen.body.id}/members`, { user: "ben" }, ann);
    expect(added.status).toBe(200);
    const put = await t.json(
      "PUT",
      `/api/recipes/${recipes.pancakes}/libraries/${kitchen.body.id}`,
      undefined,
      ann,
    );
    expect(put.status).toBe(200);
    const libs = await t.json("GET", "/api/libraries", undefined, ben);
    expect(libs.body.libraries.map((l: { name: string }) => l.name)).toContain("Our kitchen");
    const shared = await t.json("GET", `/api/recipes?libraryId=${kitchen.body.id}`, undefined, ben);
    expect(shared.body.items.map((r: { name: string }) => r.name)).toEqual(["Buttermilk Pancakes"]);
    expect((await t.json("GET", `/api/recipes/${recipes.pancakes}`, undefined, ben)).status).toBe(200);
    // The recipe Ann kept to herself answers as if it did not exist.
    expect((await t.json("GET", `/api/recipes/${recipes.waffles}`, undefined, ben)).status).toBe(404);
    // A member reads; he cannot add people to Ann's library.
    expect(
      (await t.json("POST", `/api/libraries/${kitchen.body.id}/members`, { user: "ann" }, ben)).status,
    ).toBe(403);
  });

  it("lets an invitation expire", async () => {
    const inv = await t.json("POST", "/api/users/invitations", { role: "admin" }, ann);
    clock += 73 * 3_600_000;
    expect((await t.json("GET", `/api/welcome/invitations/${inv.body.code}`)).status).toBe(410);
    const late = await post(`/api/welcome/invitations/${inv.body.code}`, {
      name: "dan",
      password: "dan's long password",
    });
    expect(late.status).toBe(410);
    // A member cannot invite.
    expect((await t.json("POST", "/api/users/invitations", {}, ben)).status).toBe(403);
  });

  it("lists a person's sessions and ends any or all", async () => {
    const second = await t.app.request("/api/session", {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 (iPhone) Safari" },
      body: JSON.stringify({ name: "ben", password: "ben's long password" }),
    });
    const phone = cookieOf(second);
    const list = await t.json("GET", "/api/session/sessions", undefined, ben);
    expect(list.body.sessions).toHaveLength(2);
    const mine = list.body.sessions.find((s: { current: boolean }) => s.current);
    const other = list.body.sessions.find((s: { current: boolean }) => !s.current);
    expect(other.device).toContain("iPhone");
    expect(mine.lastSeenAt).toBeTruthy();
    // Nobody else's sign-in can be ended from here.
    expect((await t.json("DELETE", `/api/session/sessions/${other.id}`, undefined, ann)).status).toBe(404);
    expect((await t.json("DELETE", `/api/session/sessions/${other.id}`, undefined, ben)).status).toBe(200);
    expect((await t.json("GET", "/api/session", undefined, phone)).status).toBe(401);
    const third = cookieOf(await post("/api/session", { name: "ben", password: "ben's long password" }));
    expect((await t.json("DELETE", "/api/session/sessions", undefined, ben)).body.ended).toBe(1);
    expect((await t.json("GET", "/api/session", undefined, third)).status).toBe(401);
    expect((await t.json("GET", "/api/session", undefined, ben)).status).toBe(200);
  });

  it("resets a password with a one-time link: the person's other sign-ins end", async () => {
    const link = await t.json("POST", `/api/users/${benId}/reset-link`, undefined, ann);
    expect(link.status).toBe(201);
    expect((await t.json("POST", `/api/users/${benId}/reset-link`, undefined, ben)).status).toBe(404);
    expect((await t.json("GET", `/api/welcome/resets/${link.body.code}`)).body.name).toBe("ben");
    const done = await post(`/api/welcome/resets/${link.body.code}`, { password: "ben's new password" });
    expect(done.status).toBe(200);
    expect((await t.json("GET", "/api/session", undefined, ben)).status).toBe(401);
    ben = cookieOf(done);
    const again = await post(`/api/welcome/resets/${link.body.code}`, { password: "someone else's" });
    expect(again.status).toBe(410);
    const expired = await t.json("POST", `/api/users/${benId}/reset-link`, undefined, ann);
    clock += 25 * 3_600_000;
    expect(
      (await post(`/api/welcome/resets/${expired.body.code}`, { password: "too late password" })).status,
    ).toBe(410);
  });

  it("disables Ben: his session and tokens end at his next request; he cannot sign in", async () => {
    const token = (await t.json("POST", "/api/users/me/tokens", { name: "script" }, ben)).body.token;
    expect(
      (await t.json("GET", "/api/session", undefined, { authorization: `Bearer ${token}` })).status,
    ).toBe(200);
    const off = await t.json("PUT", `/api/users/${benId}/disabled`, { disabled: true }, ann);
    expect(off.status).toBe(200);
    expect((await t.json("GET", "/api/session", undefined, ben)).status).toBe(401);
    expect(
      (await t.json("GET", "/api/session", undefined, { authorization: `Bearer ${token}` })).status,
    ).toBe(401);
    const signIn = await post("/api/session", { name: "ben", password: "ben's new password" });
    expect(signIn.status).toBe(403);
    expect((await signIn.json()).code).toBe("ACCOUNT_DISABLED");
    const list = await t.json("GET", "/api/users", undefined, ann);
    expect(list.body.users.find((u: { name: string }) => u.name === "ben").disabled).toBe(true);
    expect((await t.json("PUT", `/api/users/${benId}/disabled`, { disabled: false }, ann)).status).toBe(200);
    const back = await post("/api/session", { name: "ben", password: "ben's new password" });
    expect(back.status).toBe(200);
    ben = cookieOf(back);
  });

  it("never lets the last admin disable or remove themselves", async () => {
    const me = (await t.json("GET", "/api/session", undefined, ann)).body.user.id;
    const off = await t.json("PUT", `/api/users/${me}/disabled`, { disabled: true }, ann);
    expect(off.status).toBe(409);
    expect(off.body.code).toBe("LAST_ADMIN");
    const gone = await t.json("DELETE", `/api/users/${me}?transferTo=${benId}`, undefined, ann);
    expect(gone.status).toBe(409);
    expect((await t.json("GET", "/api/session", undefined, ann)).status).toBe(200);
  });

  it("removes Ben only once someone receives his libraries", async () => {
    const lib = await t.json("POST", "/api/libraries", { name: "Ben's baking" }, ben);
    expect(lib.status).toBe(201);
    const me = (await t.json("GET", "/api/session", undefined, ann)).body.user.id;
    const noOne = await t.json("DELETE", `/api/users/${benId}`, undefined, ann);
    expect(noOne.status).toBe(400);
    expect(noOne.body.message).toContain("Choose who receives");
    const done = await t.json("DELETE", `/api/users/${benId}?transferTo=${me}`, undefined, ann);
    expect(done.status).toBe(200);
    const libs = await t.json("GET", "/api/libraries", undefined, ann);
    expect(libs.body.libraries.map((l: { name: string }) => l.name)).toContain("Ben's baking");
    expect((await t.json("GET", "/api/session", undefined, ben)).status).toBe(401);
  });
});

describe("single-person mode", () => {
  let t: TestLadle;
  beforeAll(async () => {
    t = await startTestLadle({ worker: false, config: { Auth: { SinglePerson: true } } });
  });
  afterAll(async () => t?.close());

  it("acts as the one person, refuses to add people, and switches sign-in on through the first run", async () => {
    expect((await t.json("GET", "/api/welcome")).body).toMatchObject({ firstRun: true, singlePerson: true });
    expect((await t.json("GET", "/api/session")).body.user.name).toBe("local");
    const add = await t.json("POST", "/api/users", { name: "ben" });
    expect(add.status).toBe(409);
    expect(add.body.code).toBe("SINGLE_PERSON_MODE");
    expect((await t.json("POST", "/api/users/invitations", {})).body.code).toBe("SINGLE_PERSON_MODE");
    // The one person may switch sign-in on from wherever they are (they act as the owner already).
    const on = await t.json("POST", "/api/welcome/owner", { name: "sam", password: "sam's long password" });
    expect(on.status).toBe(201);
    expect((await t.json("GET", "/api/welcome")).body).toMatchObject({
      firstRun: false,
      singlePerson: false,
    });
    expect((await t.json("GET", "/api/session")).status).toBe(401);
  });
});
