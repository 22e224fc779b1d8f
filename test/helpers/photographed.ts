import { createCanvas } from "@napi-rs/canvas";
import sharp from "sharp";

// A line of text drawn as a phone would see it printed: dark ink on warm paper, made grey, a little
// blur, and with `grain` a seeded grain. The OCR tests draw their own pictures with it: nothing is
// read from the corpus.

export interface PhotoLook {
  /** Grain's seed: each pixel moved by up to ±14 grey levels; none when not given. */
  grain?: number;
  /** Drawn in the font's bold face (a list's amounts set in bold). */
  bold?: boolean;
}

// Lines ("\n" in the text) stand 1.5 sizes apart, as a printed list's do.
const LINE_GAP = 1.5;
/** Where the k-th line of a picture at `px` stands: its baseline, in pixels from the top. */
export const baselineOf = (px: number, k = 0): number => px * 1.3 + k * px * LINE_GAP;

/** The PNG of `text` (lines parted by "\n") in `font` at `px` pixels, on a canvas a little larger. */
export async function photographed(
  text: string,
  font: string,
  px: number,
  look: PhotoLook = {},
): Promise<Buffer> {
  const lines = text.split("\n");
  const longest = Math.max(...lines.map((l) => l.length));
  const c = createCanvas(
    Math.ceil(px * (longest * 0.7 + 1)),
    Math.ceil(baselineOf(px, lines.length - 1) + px * 0.5),
  );
  const g = c.getContext("2d");
  g.fillStyle = "#f4f1ea";
  g.fillRect(0, 0, c.width, c.height);
  g.fillStyle = "#222";
  g.font = `${look.bold ? "bold " : ""}${px}px "${font}"`;
  lines.forEach((l, k) => g.fillText(l, px * 0.4, baselineOf(px, k)));
  if (look.grain === undefined)
    return sharp(c.toBuffer("image/png")).greyscale().blur(0.6).normalize().png().toBuffer();
  const { data, info } = await sharp(c.toBuffer("image/png"))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let s = look.grain;
  for (let i = 0; i < data.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    data[i] = Math.max(0, Math.min(255, data[i]! + ((s % 29) - 14)));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .blur(0.6)
    .normalize()
    .png()
    .toBuffer();
}
