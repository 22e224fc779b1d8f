import { describe, expect, it } from "vitest";
import { modelForScript, modelForText } from "./ocrModel.ts";

// Texts as the English model reads them: the letters it has not are lost ("smør" → "smar",
// "už" → "uz"), the short words stay.
const DANISH_READ = `Fastelavnsboller med lemoncurd og braendt marengs
1. Smelt smarret, og rer det sammen med meelken, til blandingen er lun. Rar geeren
ud i maelkeblandingen, tilsaet yoghurt, 2g, sukker, vaniliesukker og salt, og rer
godt. Tilsaet hvedemelet lidt ad gangen, og elt dejen godt sammen, til den er glat
2. Tag dejen ud pa bordet, og tril den til lige store boller. Szet dem pa en bageplade
3. Riv citronskallen fint, og pres saften af citronerne.`;

const SLOVAK_READ = `Nachystame si suroviny :) ESte raz sa budem opakovat ako pri minulom recepte ja sa snazim robit
recepty teda fotit' postupy aj kvéli zatiato&nikom &o napr palacinky este nerobili lebo to dost pomaha
ked su aj fotky pri recepte,viem z vlastnej skusenosti ;) vietky suroviny si dame do jednej misky
cesto nam postalo 20 minut skontrolujeme & ma spravnu hustotu a mézeme sa pustit do pegenia`;

const SWEDISH_READ = `Skala och skiva löken. Fräs den i smör med en nypa salt tills den är mjuk.
Tillsätt räkorna och låt dem bli varma, ca 2 minuter. Servera på rostat bröd med dill och citron.`;

const ENGLISH_READ = `Preheat the oven to 180C. Mix the flour with the sugar and a pinch of salt in a bowl,
then add the eggs one at a time and stir until smooth. Bake for 25 minutes.`;

describe("the model that reads a photo's language again", () => {
  it("is Danish's for Danish words, though Swedish shares some of them ('med', 'i', 'en')", () => {
    expect(modelForText(DANISH_READ)).toBe("dan");
  });

  it("is Slovak's for Slovak words read without their accents", () => {
    expect(modelForText(SLOVAK_READ)).toBe("slk");
  });

  it("stays a recipe language's for its own words, and none for English", () => {
    expect(modelForText(SWEDISH_READ)).toBe("swe");
    expect(modelForText(ENGLISH_READ)).toBeNull();
  });
});

describe("the model of a script tesseract sees", () => {
  it("reads Arabic letters with Urdu's model beside English's (a card's headings are in Latin letters)", () => {
    expect(modelForScript("Arabic")).toBe("eng+urd");
  });

  it("is none for Latin letters or a script no model is shipped for", () => {
    expect(modelForScript("Latin")).toBeNull();
    expect(modelForScript("Han")).toBeNull();
    expect(modelForScript(null)).toBeNull();
  });
});
