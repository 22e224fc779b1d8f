// The snapshot's lines made once per page and shared by the list readers (issue 51: the readers
// back under their cost).
import { describe, expect, it } from "vitest";
import { snapshotLines } from "./snapshotLines.ts";

const SNAPSHOT = "# Lemon bars\n- 1 cup flour\n-  2 lemons, juiced \nPress the crust.\n- \n";

describe("snapshotLines", () => {
  it("gives each line by number and tells list items", () => {
    const s = snapshotLines(SNAPSHOT);
    expect(s.length).toBe(6);
    expect([0, 1, 2, 3, 4, 5].map((i) => s.line(i))).toEqual(SNAPSHOT.split("\n"));
    expect([0, 1, 2, 3, 4, 5].map((i) => s.isItem(i))).toEqual([false, true, true, false, true, false]);
  });

  it("gives the list items' text, trimmed, in page order", () => {
    expect(snapshotLines(SNAPSHOT).items()).toEqual(["1 cup flour", "2 lemons, juiced", ""]);
  });

  it("is made once for the page being read, and again for the next page", () => {
    const first = snapshotLines(SNAPSHOT);
    expect(snapshotLines(SNAPSHOT)).toBe(first);
    expect(first.items()).toBe(first.items());
    const next = snapshotLines("- 1 egg");
    expect(next).not.toBe(first);
    expect(next.items()).toEqual(["1 egg"]);
  });
});
