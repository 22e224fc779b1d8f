import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { artifactUri, capArtifact } from "./artifactStore.ts";

describe("capArtifact", () => {
  it("stores small artifacts as they are", () => {
    const c = capArtifact("hello", 1024);
    expect(c).toMatchObject({ encoding: "identity", truncated: false, originalSize: 5 });
    expect(c.data.toString()).toBe("hello");
  });

  it("gzips an artifact over the cap when that suffices", () => {
    const text = "step one: whisk the eggs\n".repeat(10_000);
    const c = capArtifact(text, 64 * 1024);
    expect(c.encoding).toBe("gzip");
    expect(c.truncated).toBe(false);
    expect(c.data.length).toBeLessThanOrEqual(64 * 1024);
    expect(gunzipSync(c.data).toString()).toBe(text);
  });

  it("truncates what does not fit even compressed, and says so", () => {
    // Incompressible text.
    let seed = 1;
    const text = Array.from({ length: 300_000 }, () =>
      String.fromCharCode(33 + ((seed = (seed * 48271) % 2147483647) % 90)),
    ).join("");
    const c = capArtifact(text, 32 * 1024);
    expect(c.truncated).toBe(true);
    expect(c.data.length).toBeLessThanOrEqual(32 * 1024);
    const back = gunzipSync(c.data).toString();
    expect(text.startsWith(back.replace(/\n\[truncated\]$/, ""))).toBe(true);
    expect(c.originalSize).toBe(300_000);
  });

  it("names artifacts as the spec does", () => {
    expect(artifactUri("t1", "snapshot.txt")).toBe("artifacts/t1/snapshot.txt");
  });
});
