// `npm run build:extension`: bundles the extension's TypeScript with esbuild into extension/dist/
// (git-ignored), beside its manifest, settings page and icons (drawn from the web app's icon.svg).
// Load that folder unpacked in Chromium (chrome://extensions) or as a temporary add-on in Firefox.
import { copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import sharp from "sharp";

const here = fileURLToPath(new URL(".", import.meta.url));
const out = process.argv[2] ?? `${here}dist`;

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: { background: `${here}src/background.ts`, options: `${here}src/options.ts` },
  outdir: out,
  bundle: true,
  // One classic script each: Chromium's service worker and Firefox's background page both load it.
  format: "iife",
  target: "es2022",
  legalComments: "none",
  logLevel: "warning",
});
for (const f of ["manifest.json", "options.html", "options.css"]) copyFileSync(`${here}${f}`, `${out}/${f}`);
const svg = readFileSync(`${here}../src/web/static/icon.svg`);
for (const size of [48, 128])
  await sharp(svg, { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png()
    .toFile(`${out}/icon-${size}.png`);
console.log(`Built the extension into ${out}`);
