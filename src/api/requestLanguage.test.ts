import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { requestLanguage } from "./requestLanguage.ts";

const app = new Hono().get("/", (c) => c.text(requestLanguage(c)));
const ask = async (header?: string) =>
  (await app.request("/", header ? { headers: { "accept-language": header } } : {})).text();

describe("requestLanguage", () => {
  it("takes the first language Ladle speaks, by weight, a region speaking its language", async () => {
    expect(await ask("de-DE")).toBe("de");
    expect(await ask("ja, fr-CA;q=0.8, de;q=0.5")).toBe("fr");
    expect(await ask("en;q=0.2, sv;q=0.9")).toBe("sv");
  });
  it("says English when the request names none of them, or nothing", async () => {
    expect(await ask("ja, zh")).toBe("en");
    expect(await ask()).toBe("en");
  });
});
