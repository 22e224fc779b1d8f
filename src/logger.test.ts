import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, scrubCredentials } from "./logger.ts";

describe("logs never carry tokens, cookies or URL credentials", () => {
  it("redacts header and token fields, drops client objects, masks user:password@ everywhere", () => {
    const lines: string[] = [];
    const out = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = createLogger("info", { destination: out, format: "json" });
    log.info(
      {
        headers: { authorization: "Bearer sekrit-token", cookie: "ladle_image_token=abc" },
        token: "upl_secret",
        sourceUrl: "https://bob:hunter2@example.com/recipe",
        err: { message: "connect postgres://ladle:pw@db:5432/ladle failed", client: { password: "pw" } },
      },
      "fetching https://alice:pw@example.com/x",
    );
    const text = lines.join("");
    for (const secret of ["sekrit-token", "ladle_image_token=abc", "upl_secret", "hunter2", ":pw@", "alice:"])
      expect(text).not.toContain(secret);
    expect(text).toContain("https://***@example.com/recipe");
    expect(text).toContain("[redacted]");
  });

  it("leaves addresses without credentials alone", () => {
    expect(scrubCredentials("see https://example.com/a@b and mailto:x@y.z")).toBe(
      "see https://example.com/a@b and mailto:x@y.z",
    );
  });
});
