// Times a card prints in its text where no structured data states them (issue 50): each shape with
// the minimal page or text that failed before its rule.
import { describe, expect, it } from "vitest";
import { extractHeuristic } from "./heuristic.ts";
import { scanPage } from "./pageScan.ts";
import { scanTimes } from "./timesAndYields.ts";
import type { PartialRecipe } from "./schemaRecipe.ts";

const times = (text: string) => {
  const r: PartialRecipe = {};
  scanTimes(text, r);
  return [r.prepTimeMinutes, r.cookTimeMinutes, r.totalTimeMinutes];
};

const page = (card: string) => {
  const r = extractHeuristic(
    scanPage(`<html><head><title>Strawberry tart</title></head><body><h1>Strawberry tart</h1>${card}
      <h2>Ingredients</h2><ul><li>200 g flour</li><li>100 g butter</li><li>250 g strawberries</li></ul>
      <h2>Instructions</h2><ol><li>Rub the butter into the flour and press into a tin.</li>
      <li>Let it rest 10 minutes, then bake and top with the strawberries.</li></ol></body></html>`),
  );
  return [r?.prepTimeMinutes, r?.cookTimeMinutes, r?.totalTimeMinutes];
};

describe("times a card prints without their unit", () => {
  it("reads a full label's bare number closing its line as minutes", () => {
    expect(times("Prep Time: 15\nCook Time: 45\nTotal Time: 1 hour")).toEqual([15, 45, 60]);
  });

  it("leaves a step's bare number after a word unread", () => {
    expect(times("Cook 15\nStir until the time: 3")).toEqual([undefined, undefined, undefined]);
  });
});

describe("abbreviated labels", () => {
  it("reads 'Prep.:' and Italian 'Tempo tot.:'", () => {
    expect(times("Prep.: 15 min\nCottura: 15 min\nTempo tot.: 30 min")).toEqual([15, 15, 30]);
  });
});

describe("a card's rests in the total it does not print", () => {
  it("adds a labelled rest to the prep and cook", () => {
    expect(
      page("<p>Preparation</p><p>20 min</p><p>Baking</p><p>0 min</p><p>Resting</p><p>60 min</p>"),
    ).toEqual([20, undefined, 80]);
    expect(page("<p>Preparation 15 min</p><p>Waiting time 2 min</p><p>Cook time 30 min</p>")).toEqual([
      15, 30, 47,
    ]);
  });

  it("keeps a printed total, and a step's rest out of the sum", () => {
    expect(page("<p>Prep time 15 min</p><p>Resting 60 min</p><p>Total time 30 min</p>")).toEqual([
      15, 15, 30,
    ]);
    expect(page("<p>Prep time 15 min</p><p>Cook time 30 min</p>")).toEqual([15, 30, 45]);
  });
});

describe("a clock before a 'to prep' label", () => {
  it("reads '0:15 To Prep' and '0:30 To Cook' after an icon's title", () => {
    expect(times("time-clock 0:15 To Prep\ntime-clock 0:30 To Cook\n10 Servings")).toEqual([
      15,
      30,
      undefined,
    ]);
  });

  it("leaves a clock in a sentence unread", () => {
    expect(times("Doors open at 10:30 to cook together with the chef.")).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("totals under other languages' labels", () => {
  it("reads French 'Durée totale'", () => {
    expect(times("Préparation 20 min\nDurée totale 01 h 04 min")).toEqual([20, undefined, 64]);
  });
});
