import { describe, expect, it } from "vitest";
import { CaselessScan, caseText } from "./caselessScan.ts";
import { CASELESS_SCANS } from "./timesAndYields.ts";

// What `matchAll` gives that the readers use: where each match starts, and its groups' texts.
const read = (ms: Iterable<RegExpMatchArray>) => [...ms].map((m) => [m.index, ...m]);

describe("CaselessScan", () => {
  const texts = [
    "PREP TIME: 15 Minutes\nCook Time\n1 HR 5 MINS\nTotal: 1 Hour 20 mins\nRESTING 10 Min\nServes Four",
    "20 MIN.\nArbeitszeit\n40 Min\nZUBEREITUNGSZEIT\nPortionen: 4 Personen\nMakes about TWO DOZEN cookies\n25 MINUTEN\nBakTijd\n1 Hr\nTOTAL TIME",
    "Hazırlama Süresi: 15 dk\nPİŞİRME SÜRESİ 30 dk\nToplam süre 45 dk", // İ: read by the `iu` pattern
    "Χρόνος: 20 min\nΜΕΡΊΔΕΣ: 4\nσερβίρει\nPREP 5 MIN\n10 min\nCook time\nRepos: 2 h", // σ: read by the `iu` pattern
    "\u212Aochzeit: 5 min\nYields: 6 Servings\n4 PORTIONS", // the Kelvin sign
    "Prep 10 mins, cook 20 mins.\nSERVINGS 2-3 people\nFeeds six to eight",
  ];

  it.each(Object.entries(CASELESS_SCANS))("%s matches as its `giu` pattern, groups as written", (_, scan) => {
    const iu = new RegExp(scan.source, "giu");
    let found = 0;
    for (const t of texts) {
      const matches = read(scan.matchAll(caseText(t)));
      expect(matches).toEqual(read(t.matchAll(iu)));
      found += matches.length;
    }
    expect(found).toBeGreaterThan(0);
  });

  it("finds the matches on the lower case and slices them from the text as written", () => {
    const scan = new CaselessScan(/(serves|makes)[ \t]*(\d+)( people)?/gu);
    const t = caseText("SERVES 4\nMakes 12 People");
    expect(t.lower).toBe("serves 4\nmakes 12 people");
    expect(read(scan.matchAll(t))).toEqual([
      [0, "SERVES 4", "SERVES", "4", undefined],
      [9, "Makes 12 People", "Makes", "12", " People"],
    ]);
    // A text with a character lower case reads otherwise (the long s) goes to the `giu` pattern.
    expect(caseText("Serveſ 4").lower).toBeNull();
    expect(read(new CaselessScan(/serves (\d)/gu).matchAll(caseText("Serveſ 4")))).toEqual([
      [0, "Serveſ 4", "4"],
    ]);
  });

  it("refuses a pattern with other flags than `gu`", () => {
    expect(() => new CaselessScan(/serves/giu)).toThrow(/flags/);
    expect(() => new CaselessScan(/serves/u)).toThrow(/flags/);
  });
});
