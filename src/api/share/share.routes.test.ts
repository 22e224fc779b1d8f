import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedUrl } from "../../services/share/shareTarget.service.ts";
import { makePdf } from "../../../test/helpers/makePdf.ts";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

let t: TestLadle;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestLadle({
    worker: false,
    config: {
      Imports: {
        MaxPdfBytes: 100_000,
        MaxImageBytes: 100_000,
        MaxTextBytes: 100_000,
        MaxCaptionsBytes: 100_000,
      },
    },
  });
  alice = await createTestUser(t, { name: "alice" });
  bob = await createTestUser(t, { name: "bob" });
});
afterAll(async () => {
  await t?.close();
});

/** Alice's signed-in browser: her session cookie, and the share sheet's own navigation. */
const alicesBrowser = (site = "none") => ({ cookie: `ladle_session=${alice.token}`, "sec-fetch-site": site });

/** Posts a share as the OS share sheet would (multipart), answering where it leads. */
async function share(
  fields: Record<string, string>,
  headers: Record<string, string> = alicesBrowser(),
  file?: { bytes: Buffer; name: string; type: string },
): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set("files", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await t.app.request("/share", { method: "POST", headers, body: form });
  expect(res.status).toBe(303);
  return res.headers.get("location")!;
}
const idOf = (location: string) => /^\/#\/share\/([\w-]+)$/.exec(location)![1]!;
const open = (id: string, u: TestUser) => t.json("POST", `/api/share/${id}`, undefined, u.headers);

describe("sharedUrl", () => {
  it("takes the url field, else a link that is most of the text, else nothing", () => {
    expect(sharedUrl({ url: " https://a.test/r " })).toBe("https://a.test/r");
    expect(sharedUrl({ url: "ftp://a.test/r", text: "Pancakes https://b.test/p." })).toBe("https://b.test/p");
    expect(
      sharedUrl({ text: "Lemon cake\n2 eggs\nBake. " + "x".repeat(300) + " https://c.test/" }),
    ).toBeNull();
    expect(sharedUrl({ text: "just words" })).toBeNull();
  });
});

describe("the share target", () => {
  it("puts a page aside and leads to the web app, which opens it once; the share sheet's own post starts at once", async () => {
    const location = await share({ title: "Pancakes", text: "", url: "https://kitchen.test/p" });
    const id = idOf(location);
    const r = await open(id, alice);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      kind: "url",
      url: "https://kitchen.test/p",
      title: "Pancakes",
      text: null,
      file: null,
      autoStart: true,
    });
    const again = await open(id, alice);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe("SHARED_ITEM_NOT_FOUND");
    expect(again.body.message).toMatch(/share it again/);
  });

  it("starts without a click only what the person's own signed-in browser sent", async () => {
    // Ladle's own page, signed in: at once.
    const own = idOf(await share({ url: "https://kitchen.test/p" }, alicesBrowser("same-origin")));
    expect((await open(own, alice)).body.autoStart).toBe(true);
    // A plain HTTP client sends no Fetch Metadata: with Alice's token it is her script, and waits.
    const script = idOf(await share({ url: "https://kitchen.test/p" }, alice.headers));
    expect((await open(script, alice)).body.autoStart).toBe(false);
    // Her cookie without the browser's Fetch Metadata: waits too.
    const bare = idOf(
      await share({ url: "https://kitchen.test/p" }, { cookie: `ladle_session=${alice.token}` }),
    );
    expect((await open(bare, alice)).body.autoStart).toBe(false);
  });

  it("refuses another site's post, and keeps nothing for someone signed out", async () => {
    const form = new FormData();
    form.set("url", "https://kitchen.test/p");
    const crossSite = await t.app.request("/share", {
      method: "POST",
      headers: { ...alicesBrowser("cross-site") },
      body: form,
    });
    expect(crossSite.status).toBe(403);
    // Signed out (no credentials, as any plain HTTP client): asked to sign in, nothing stashed.
    const location = await share({ url: "https://kitchen.test/p" }, {});
    expect(location).toMatch(/^\/#\/share\/problem\?message=/);
    expect(new URLSearchParams(location.split("?")[1]).get("message")).toMatch(/Sign in/);
  });

  it("a signed-out share's body is never read: the answer comes before the upload", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(ctl) {
        pulled++;
        if (pulled > 64) ctl.close();
        else ctl.enqueue(new Uint8Array(256 * 1024));
      },
    });
    const res = await t.app.request("/share", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x", "sec-fetch-site": "none" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/Sign\+in/);
    // A stream is asked for a chunk or two ahead of use; never the 16 MiB on offer.
    expect(pulled).toBeLessThan(4);
  });

  it("a share is only its sender's", async () => {
    const mine = idOf(await share({ url: "https://kitchen.test/p" }));
    expect((await open(mine, bob)).status).toBe(404);
    expect((await open(mine, alice)).status).toBe(200);
    expect((await open("not-an-id", alice)).status).toBe(404);
    // Opening needs a signed-in user.
    expect(
      (await t.json("POST", `/api/share/${idOf(await share({ url: "https://kitchen.test/p" }))}`)).status,
    ).toBe(401);
  });

  it("text with a link is the link; other text is a text import; nothing is nothing", async () => {
    const link = await open(
      idOf(await share({ text: "Look at these pancakes https://kitchen.test/p" })),
      alice,
    );
    expect(link.body).toMatchObject({ kind: "url", url: "https://kitchen.test/p" });
    const text = await open(
      idOf(await share({ text: "Toast\nIngredients\n2 slices bread\nMethod\n1. Toast." })),
      alice,
    );
    expect(text.body).toMatchObject({
      kind: "text",
      url: null,
      text: expect.stringContaining("2 slices bread"),
    });
    const none = await open(idOf(await share({ title: "", text: "", url: "" })), alice);
    expect(none.body.kind).toBe("nothing");
  });

  it("a PDF becomes the user's upload; a file Ladle cannot read says so", async () => {
    const pdf = makePdf([{ lines: ["Lemon Cake", "Ingredients", "2 eggs", "Method", "1. Bake."] }]);
    const r = await open(
      idOf(await share({}, undefined, { bytes: pdf, name: "cake.pdf", type: "application/pdf" })),
      alice,
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ kind: "file", file: { kind: "pdf", name: "cake.pdf" } });
    const job = await t.json(
      "POST",
      "/v1/import",
      { source_type: "pdf", source_ref: r.body.file.token },
      alice.headers,
    );
    expect([200, 202]).toContain(job.status);
    // Bob cannot use Alice's upload token.
    const stolen = await t.json(
      "POST",
      "/v1/import",
      { source_type: "pdf", source_ref: r.body.file.token },
      bob.headers,
    );
    expect(stolen.status).not.toBe(202);
    const junk = await open(
      idOf(
        await share({}, undefined, {
          bytes: Buffer.from([0, 1, 2, 3, 250, 251, 0, 9]),
          name: "x.bin",
          type: "application/octet-stream",
        }),
      ),
      alice,
    );
    expect(junk.status).toBe(422);
    expect(junk.body.code).toBe("SHARED_FILE_UNREADABLE");
  });

  it("a share too large is refused before it is read, with a note the web app shows", async () => {
    const big = Buffer.alloc(700_000, 1);
    const location = await share({}, undefined, { bytes: big, name: "huge.jpg", type: "image/jpeg" });
    expect(location).toMatch(/^\/#\/share\/problem\?message=/);
    expect(new URLSearchParams(location.split("?")[1]).get("message")).toBeTruthy();
  });

  it("the bookmarklet's GET leads to the app with the page prefilled, keeping nothing on the server", async () => {
    const res = await t.app.request(
      `/share?url=${encodeURIComponent("https://kitchen.test/p?a=1&b=2")}&title=Pancakes`,
    );
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location.startsWith("/#/share/link?")).toBe(true);
    // No "/" in the app's route segment: the router splits on it.
    expect(location.slice("/#/share/".length)).not.toContain("/");
    const q = new URLSearchParams(location.split("?")[1]);
    expect(q.get("url")).toBe("https://kitchen.test/p?a=1&b=2");
    expect(q.get("title")).toBe("Pancakes");
  });

  it("serves the manifest with its share target and PNG icons", async () => {
    const m = await t.app.request("/manifest.webmanifest");
    expect(m.headers.get("content-type")).toBe("application/manifest+json");
    const manifest = await m.json();
    expect(manifest.share_target).toMatchObject({
      action: "/share",
      method: "POST",
      enctype: "multipart/form-data",
    });
    const png = await t.app.request("/icons/icon-maskable-512.png");
    expect(png.status).toBe(200);
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
    expect((await t.app.request("/icons/icon-13.png")).status).toBe(404);
  });
});
