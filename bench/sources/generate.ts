import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { CorpusPage } from "../../test/golden/realPages.ts";
import { asHtml, asText, stylesFor, writeRecipe, type Style } from "./houseStyles.ts";

// The sources corpus: a sample of the recipe corpus's reviewed fields written out in house styles,
// typed (text), printed (Chromium's PDF) and photographed (Chromium's screenshot made to look like
// a photo by sharp: a slight tilt, noise, blur, JPEG). Seeded, so every run writes the same files;
// written under ~/.cache (never into git: it is derived from the corpus).

export const SOURCES_DIR = process.env.LADLE_SOURCES_DIR ?? path.join(os.homedir(), ".cache/ladle/sources");
// Bumped when the rendering changes (page size, margins, the photo's look); a file's name also
// holds a digest of what it was made from (the text, the page's HTML), so a recipe written out
// otherwise is written anew and the others are found in the cache.
const VERSION = "v1";
const digest = (...parts: (string | number)[]): string =>
  createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 10);

export type Kind = "typed" | "pdf" | "photo";

export interface SourceFile {
  id: string;
  kind: Kind;
  style: Style;
  /** The look of a printed or photographed source ("serif 17px"). */
  look: string;
  file: string;
}

/** A small seeded generator (mulberry32): the sample, looks and noise are the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hashSeed = (s: string): number => createHash("sha256").update(s).digest().readUInt32LE(0);

/**
 * The sample: `limit` pages that have a title, ingredients and steps, the same ones on every run;
 * from `offset` on in the same seeded order, so another range is a second sample apart from the first.
 */
export function sampleOf(pages: CorpusPage[], limit: number, offset = 0): CorpusPage[] {
  const usable = pages.filter((p) => stylesFor(p.expected).length);
  return usable
    .map((p) => ({ p, k: hashSeed(`sample:${p.id}`) }))
    .sort((a, b) => a.k - b.k)
    .slice(offset, offset + limit)
    .map((x) => x.p)
    .sort((a, b) => a.id.localeCompare(b.id));
}

const FONTS = ["Liberation Serif", "DejaVu Sans", "Liberation Sans", "DejaVu Serif"];

/** Writes (or finds in the cache) every source of the sample; the photo style rotates over the recipes. */
export async function generateSources(sample: CorpusPage[], kinds: Set<Kind>): Promise<SourceFile[]> {
  const dir = path.join(SOURCES_DIR, VERSION);
  mkdirSync(dir, { recursive: true });
  const files: SourceFile[] = [];
  const todo: { html: string; file: string; kind: "pdf" | "photo"; seed: number; scale: number }[] = [];
  sample.forEach((p, n) => {
    const styles = stylesFor(p.expected);
    const base = p.id.replace(/[^\w.-]+/g, "_");
    const rnd = seeded(hashSeed(`look:${p.id}`));
    for (const style of styles) {
      const blocks = writeRecipe(p.expected, style)!;
      const name = `${base}.${style}`;
      if (kinds.has("typed")) {
        const text = asText(blocks);
        const file = path.join(dir, `${name}.${digest(text)}.txt`);
        if (!existsSync(file)) writeFileSync(file, text);
        files.push({ id: p.id, kind: "typed", style, look: "text", file });
      }
      if (kinds.has("pdf")) {
        const font = FONTS[Math.floor(rnd() * FONTS.length)]!;
        const size = 11 + Math.floor(rnd() * 3);
        const html = asHtml(blocks, { font, sizePx: (size * 4) / 3 });
        const file = path.join(dir, `${name}.${digest(html)}.pdf`);
        files.push({ id: p.id, kind: "pdf", style, look: `${font} ${size}pt`, file });
        if (!existsSync(file))
          todo.push({
            html,
            file,
            kind: "pdf",
            seed: 0,
            scale: 1,
          });
      }
    }
    // One photograph a recipe (OCR is the slow part), its style taken in turn.
    if (kinds.has("photo")) {
      const style = styles[n % styles.length]!;
      const blocks = writeRecipe(p.expected, style)!;
      const font = FONTS[Math.floor(rnd() * FONTS.length)]!;
      const size = 15 + Math.floor(rnd() * 6);
      const width = 560 + Math.floor(rnd() * 240);
      const scale = rnd() < 0.5 ? 1.5 : 2;
      const html = asHtml(blocks, { font, sizePx: size, widthPx: width });
      const seed = hashSeed(`photo:${p.id}`);
      const file = path.join(dir, `${base}.${style}.${digest(html, scale, seed)}.jpg`);
      files.push({ id: p.id, kind: "photo", style, look: `${font} ${size}px ×${scale}`, file });
      if (!existsSync(file))
        todo.push({
          html,
          file,
          kind: "photo",
          seed,
          scale,
        });
    }
  });
  if (todo.length) await render(todo);
  return files;
}

async function render(
  todo: { html: string; file: string; kind: "pdf" | "photo"; seed: number; scale: number }[],
) {
  const { chromium } = await import("playwright-core");
  const { CHROMIUM_BASE_ARGS } = await import("../../src/fetcher/browser.ts");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_BASE_ARGS,
  });
  try {
    for (const t of todo) {
      const page = await browser.newPage({
        viewport: { width: 900, height: 1200 },
        deviceScaleFactor: t.scale,
      });
      // The page is set from a string: nothing is fetched, from anywhere.
      await page.route("**/*", (r) => r.abort());
      await page.setContent(t.html, { waitUntil: "load" });
      if (t.kind === "pdf") {
        await page.pdf({
          path: t.file,
          format: "A4",
          margin: { top: "18mm", bottom: "18mm", left: "16mm", right: "16mm" },
        });
      } else {
        const png = await page.screenshot({ fullPage: true, type: "png" });
        writeFileSync(t.file, await photographed(png, t.seed));
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

/** A screenshot made to look like a phone's photo of a printed card: tilted, grainy, a little soft, JPEG. */
async function photographed(png: Buffer, seed: number): Promise<Buffer> {
  const sharp = (await import("sharp")).default;
  const rnd = seeded(seed);
  const angle = (rnd() * 2 - 1) * 1.5;
  const tilted = await sharp(png)
    .rotate(angle, { background: "#f4f1ea" })
    .flatten({ background: "#f4f1ea" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = tilted;
  // Grain: each channel moved by a seeded amount, and a slight warm cast of paper under a lamp.
  const amp = 10 + rnd() * 14;
  for (let i = 0; i < data.length; i++) {
    const v = data[i]! + (rnd() * 2 - 1) * amp - (i % info.channels === 2 ? 8 : 0);
    data[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .blur(0.5 + rnd() * 0.5)
    .jpeg({ quality: 70 + Math.floor(rnd() * 15) })
    .toBuffer();
}

/** The cached file's bytes. */
export const bytesOf = (f: SourceFile): Buffer => readFileSync(f.file);
