import { describe, expect, it } from "vitest";
import { MMAP_THRESHOLD, serverMallocEnv } from "../../bin/serverMalloc.js";

// The malloc settings `ladle serve` runs itself again with (bin/ladle.js, and the Dockerfile's ENV).
describe("a server process's malloc", () => {
  it("takes a fetched page's body from its arenas: blocks under 1 MiB are not mapped on their own", () => {
    // The corpus's median page is 313 KB and 98% are under 1 MiB: each mapped on its own was a
    // fresh mapping faulted in page by page, twice per import (the body, its copy in a thread).
    expect(MMAP_THRESHOLD).toBeGreaterThanOrEqual(1024 * 1024);
    expect(serverMallocEnv({ PATH: "/bin" })).toEqual({
      PATH: "/bin",
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: String(MMAP_THRESHOLD),
    });
  });

  it("keeps what the person set", () => {
    expect(serverMallocEnv({ MALLOC_MMAP_THRESHOLD_: "65536" })?.MALLOC_MMAP_THRESHOLD_).toBe("65536");
    expect(serverMallocEnv({ MALLOC_ARENA_MAX: "4" })).toBeNull();
  });
});
