import { describe, expect, it } from "vitest";
import { zConfig } from "./config.ts";
import { configDoc } from "./genConfigDoc.mts";

/** Every key path of the defaults, as `Section:Key` (records of user-named entries left out). */
function keys(value: unknown, at: string[] = []): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [at.join(":")];
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length === 0 ? [] : entries.flatMap(([k, v]) => keys(v, [...at, k]));
}

describe("docs/configuration.md, generated from the schema", () => {
  const doc = configDoc();

  it("has a row for every setting, with its default, its environment names and its comment", () => {
    for (const key of keys(zConfig.parse({}))) expect(doc, key).toContain(`| \`${key}\``);
    expect(doc).toMatch(/\| `Server:Port` +\| integer +\| `3000` +\| `PORT`, `Server__Port`/);
    expect(doc).toMatch(/\| `Server:DataDir` .*Where the embedded database and other local state live\./);
  });

  it("cites no section of the specification documents, which are not in the repository", () => {
    expect(doc).not.toContain("§");
  });
});
