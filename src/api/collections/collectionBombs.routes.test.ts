import { gzipSync, strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paprikaRecipe, tandoorRecipe as recipe } from "../../../test/helpers/interopFixtures.ts";
import { startTestLadle, type TestLadle } from "../../../test/helpers/testLadle.ts";
import { createTestUser, type TestUser } from "../../../test/helpers/users.ts";

/**
 * Collection files are archives a stranger can make: small on the wire, huge unpacked. What the
 * whole upload unpacks to, every zip and gzip in it together, has one budget (1 MB here).
 */
let t: TestLadle;
let ann: TestUser;

beforeAll(async () => {
  t = await startTestLadle({ worker: false, config: { Imports: { MaxCollectionInflatedMb: 1 } } });
  ann = await createTestUser(t, { name: "ann" });
});
afterAll(async () => {
  await t?.close();
});

const upload = async (bytes: Uint8Array) => {
  const res = await t.app.request("/api/collections?policy=review_all&name=export.zip", {
    method: "POST",
    headers: { ...ann.headers, "content-type": "application/octet-stream" },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  return { status: res.status, body: (await res.json()) as { code: string; message: string } };
};
const json = (v: unknown) => strToU8(JSON.stringify(v));
const tandoorRecipe = (name: string, padding: number) =>
  json(recipe({ name, description: " ".repeat(padding) }));

describe("collection archives under one inflate budget", () => {
  it("refuses a Paprika export whose one gzipped recipe unpacks past the budget", async () => {
    const bomb = gzipSync(json(paprikaRecipe({ notes: "a".repeat(3 * 1024 * 1024) })));
    const file = zipSync({ "Pancakes.paprikarecipe": bomb });
    expect(file.length).toBeLessThan(20_000);
    const r = await upload(file);
    expect(r.status).toBe(413);
    expect(r.body.code).toBe("COLLECTION_TOO_LARGE");
    expect(r.body.message).toMatch(/unpacks to more than 1 MB.*split the export/);
  });

  it("counts every nested zip of a Tandoor export against the same budget", async () => {
    const inner = (n: number) =>
      zipSync({ "recipe.json": tandoorRecipe(`Recipe ${n}`, 400 * 1024) }, { level: 9 });
    // Each inner zip is well under the budget; the three together are not.
    const file = zipSync({ "1.zip": inner(1), "2.zip": inner(2), "3.zip": inner(3) }, { level: 0 });
    const r = await upload(file);
    expect(r.status).toBe(413);
    expect(r.body.code).toBe("COLLECTION_TOO_LARGE");
  });

  it("still reads an export within the budget, nested zips included", async () => {
    const inner = (n: number) => zipSync({ "recipe.json": tandoorRecipe(`Recipe ${n}`, 100) });
    const r = await upload(zipSync({ "1.zip": inner(1), "2.zip": inner(2) }, { level: 0 }));
    expect(r.status).toBe(202);
  });

  it("says what is wrong with a file that is no collection, read in the same cage", async () => {
    const r = await upload(strToU8("hello there"));
    expect(r.status).toBe(422);
    expect(r.body.code).toBe("COLLECTION_UNREADABLE");
  });
});
