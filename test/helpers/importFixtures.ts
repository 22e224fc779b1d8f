import zlib from "node:zlib";
import { createCanvas } from "@napi-rs/canvas";
import { makePdf } from "./makePdf.ts";

/** A printed recipe, as lines. */
export const CAKE_LINES = [
  "Lemon Drizzle Cake",
  "Ingredients",
  "225 g butter",
  "225 g caster sugar",
  "4 eggs",
  "275 g self-raising flour",
  "Method",
  "1. Heat the oven to 180C and line a loaf tin.",
  "2. Beat the butter and sugar until pale and fluffy.",
  "3. Fold in the flour and bake for 45 minutes.",
];

/** The recipe as pasted text. */
export const CAKE_TEXT = `${CAKE_LINES[0]}\n\n${CAKE_LINES.slice(1, 6).join("\n")}\n\n${CAKE_LINES.slice(6).join("\n")}\n`;

/**
 * A photo-like picture of a printed page: warm paper, slight tilt-free shading, dark serif-less
 * print. Small on purpose (OCR on two cores is slow).
 */
export function recipePhoto(lines = CAKE_LINES, format: "png" | "jpeg" = "png"): Buffer {
  const w = 720;
  const h = 60 + lines.length * 40;
  const c = createCanvas(w, h);
  const g = c.getContext("2d");
  const grad = g.createLinearGradient(0, 0, w, h);
  grad.addColorStop(0, "#f7f1e3");
  grad.addColorStop(1, "#e9dfc9");
  g.fillStyle = grad;
  g.fillRect(0, 0, w, h);
  g.fillStyle = "#1d1a16";
  lines.forEach((l, i) => {
    g.font =
      i === 0
        ? "bold 30px sans-serif"
        : /^(Ingredients|Method)$/.test(l)
          ? "bold 24px sans-serif"
          : "22px sans-serif";
    g.fillText(l, 32, 46 + i * 40);
  });
  return format === "png" ? c.toBuffer("image/png") : c.toBuffer("image/jpeg");
}

/** A picture with no legible print at all: speckle noise (OCR finds little, with low confidence). */
export function noisePhoto(): Buffer {
  const c = createCanvas(300, 200);
  const g = c.getContext("2d");
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let i = 0; i < 900; i++) {
    g.fillStyle = rnd() > 0.5 ? "#222" : "#bbb";
    g.font = `${8 + Math.floor(rnd() * 20)}px sans-serif`;
    g.fillText(String.fromCharCode(33 + Math.floor(rnd() * 90)), rnd() * 300, rnd() * 200);
  }
  return c.toBuffer("image/png");
}

/** A PDF with a text layer: a cover page, the recipe on page 2. */
export function textPdf(): Buffer {
  return makePdf([
    { lines: ["My Family Cookbook", "Recipes collected over the years"] },
    { lines: CAKE_LINES },
  ]);
}

/** A scanned PDF: one page that is only a picture of the printed recipe. */
export function scannedPdf(): Buffer {
  const photo = recipePhoto(CAKE_LINES, "jpeg");
  return makePdf([{ jpeg: { data: photo, width: 720, height: 60 + CAKE_LINES.length * 40 } }]);
}

/** A WebVTT captions file of a cooking video. */
export const CAKE_VTT = `WEBVTT

00:00:01.000 --> 00:00:03.000
Quick Flatbread

00:00:03.000 --> 00:00:05.000
Ingredients

00:00:05.000 --> 00:00:07.000
- 250 g flour

00:00:07.000 --> 00:00:09.000
- 150 ml warm water

00:00:09.000 --> 00:00:11.000
- 1 tsp salt

00:00:11.000 --> 00:00:13.000
Method

00:00:13.000 --> 00:00:16.000
1. Mix the flour, water and salt into a soft dough.

00:00:16.000 --> 00:00:19.000
2. Roll thin and cook in a dry hot pan for two minutes a side.
`;

/**
 * zlib data that inflates to `mb` MiB of spaces, built in milliseconds: one MiB compressed with a
 * full flush (so it needs no history) repeated, a final empty block, and the Adler-32 of the
 * whole, computed in closed form for a run of one byte value.
 */
export function deflateBomb(mb: number): Buffer {
  const piece = zlib.deflateRawSync(Buffer.alloc(1 << 20, 0x20), {
    level: 9,
    finishFlush: zlib.constants.Z_FULL_FLUSH,
  });
  const n = BigInt(mb) << 20n;
  const c = 0x20n;
  const a = (1n + n * c) % 65521n;
  const b = (n + (c * n * (n + 1n)) / 2n) % 65521n;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((b << 16n) | a));
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: mb }, () => piece),
    Buffer.from([0x03, 0x00]), // a final, empty, fixed-Huffman block
    adler,
  ]);
}

/** A one-page PDF of a few hundred KB whose content stream inflates to `mb` MiB (a "PDF bomb"). */
export function bombPdf(mb = 600): Buffer {
  return makePdf([{ contents: { data: deflateBomb(mb), filter: "/FlateDecode" } }]);
}

/** A PDF page drawing a picture that claims `width`×`height` pixels (its data is a tiny JPEG). */
export function hugeImagePdf(width = 100_000, height = 100_000): Buffer {
  const c = createCanvas(8, 8);
  return makePdf([{ jpeg: { data: c.toBuffer("image/jpeg"), width, height } }]);
}

/** A PNG of a few hundred bytes whose header claims `width`×`height` pixels. */
export function hugePng(width = 100_000, height = 100_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(width + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
