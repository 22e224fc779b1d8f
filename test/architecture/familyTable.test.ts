import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The family table of docs/architecture.md is read by people deciding where a route goes; it drifted
// from the rules once (folders listed under a family that no longer handed them), so it is held here
// to API_FAMILIES, the map the dependency rules enforce.
const root = path.resolve(import.meta.dirname, "../..");

/** API_FAMILIES of .dependency-cruiser.cjs: HTTP folder → the families it is handed, in order. */
function apiFamilies(): Map<string, string[]> {
  const text = readFileSync(path.join(root, ".dependency-cruiser.cjs"), "utf8");
  const body = /const API_FAMILIES = \{([\s\S]*?)\n\};/.exec(text)?.[1] ?? "";
  const map = new Map<string, string[]>();
  for (const m of body.replace(/\/\/.*$/gm, "").matchAll(/(\w+):\s*\[([^\]]*)\]/g)) {
    map.set(
      m[1]!,
      [...m[2]!.matchAll(/"(\w+)"/g)].map((x) => x[1]!),
    );
  }
  return map;
}

/** The table's rows: service family → the `api/<folder>/` its HTTP column names. */
function tableRows(): Map<string, string[]> {
  const doc = readFileSync(path.join(root, "docs/architecture.md"), "utf8");
  const rows = new Map<string, string[]>();
  for (const line of doc.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const family = /^`(\w+)\/`$/.exec(cells[1] ?? "")?.[1];
    if (!family || cells.length < 5) continue;
    rows.set(family, [...(cells[3] ?? "").matchAll(/`api\/(\w+)\/`/g)].map((x) => x[1]!).sort());
  }
  return rows;
}

describe("docs/architecture.md's family table", () => {
  it("lists each HTTP folder under the first family API_FAMILIES hands it, and every family", () => {
    const expected = new Map<string, string[]>();
    for (const [folder, families] of apiFamilies()) {
      const home = families[0]!;
      expected.set(home, [...(expected.get(home) ?? []), folder].sort());
    }
    const rows = tableRows();
    const families = readdirSync(path.join(root, "src/services"), { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== "shared")
      .map((d) => d.name)
      .sort();
    expect([...rows.keys()].sort()).toEqual(families);
    for (const family of families)
      expect({ family, http: rows.get(family) }).toEqual({ family, http: expected.get(family) ?? [] });
  });
});
