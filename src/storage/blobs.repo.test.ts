import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../test/helpers/testDb.ts";
import { BlobsRepo } from "./blobs.repo.ts";

let db: TestDatabase;
let blobs: BlobsRepo;
beforeAll(async () => {
  db = await openTestDatabase();
  blobs = new BlobsRepo(db.db);
});
afterAll(async () => db?.close());

it("stores, replaces, reads and deletes bytes by key", async () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
  const put = await blobs.put("image/a", png, "image/png");
  expect(put.size).toBe(8);
  expect((await blobs.get("image/a"))!.data.equals(png)).toBe(true);
  await blobs.put("image/a", Buffer.from("x"), "text/plain");
  expect((await blobs.get("image/a"))!.contentType).toBe("text/plain");
  expect(await blobs.delete("image/a")).toBe(true);
  expect(await blobs.get("image/a")).toBeUndefined();
});

it("drops only expired blobs", async () => {
  const now = new Date("2026-01-10T00:00:00Z");
  await blobs.put("thumb/old", Buffer.from("1"), "image/jpeg", new Date("2026-01-01T00:00:00Z"));
  await blobs.put("thumb/new", Buffer.from("2"), "image/jpeg", new Date("2026-02-01T00:00:00Z"));
  await blobs.put("thumb/keep", Buffer.from("3"), "image/jpeg");
  expect(await blobs.deleteExpired(now)).toBe(1);
  expect(await blobs.get("thumb/old")).toBeUndefined();
  expect(await blobs.get("thumb/new")).toBeDefined();
  expect(await blobs.get("thumb/keep")).toBeDefined();
});
