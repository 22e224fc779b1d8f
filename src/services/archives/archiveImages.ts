// Pictures and fonts of a kept page, fitted under the archive's size cap: each keeps its bytes when
// they fit its share of what is left, a picture is made smaller (sharp) when they do not, and what
// still does not fit is left out, so that a page of a hundred photographs stays a few megabytes.

/** A fetched picture or font, ready to inline. */
export interface Resource {
  url: string;
  kind: "image" | "font";
  /** Places the page uses it (each holds its own copy of the data: URL). */
  uses: number;
  mime: string;
  data: Buffer;
}

export interface Fitted {
  /** Absolute URL → data: URL, for what is kept. */
  kept: Map<string, string>;
  shrunk: number;
  leftOut: number;
}

const dataUrlBytes = (mime: string, n: number) => `data:${mime};base64,`.length + Math.ceil(n / 3) * 4;

/** Smaller versions of a picture to try, widest first. */
const WIDTHS = [1280, 960, 640, 400, 240];

async function shrink(data: Buffer, width: number): Promise<Buffer | null> {
  try {
    const { default: sharp } = await import("sharp");
    return await sharp(data, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 68 })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * Fits `resources` (in the order the page shows them) into `budget` bytes of data: URLs.
 * Each gets at most an equal share of what the ones before it left, so the first large
 * photograph cannot take the room of all the others.
 */
export async function fitResources(resources: Resource[], budget: number): Promise<Fitted> {
  const kept = new Map<string, string>();
  let left = Math.max(0, budget);
  let shrunk = 0;
  let leftOut = 0;
  for (let i = 0; i < resources.length; i++) {
    const r = resources[i]!;
    const share = left / (resources.length - i);
    const cost = (mime: string, n: number) => dataUrlBytes(mime, n) * r.uses;
    let mime = r.mime;
    let data: Buffer | null = r.data;
    if (cost(mime, data.length) > share) {
      data = null;
      if (r.kind === "image")
        for (const w of WIDTHS) {
          const small = await shrink(r.data, w);
          if (small && cost("image/webp", small.length) <= share) {
            data = small;
            mime = "image/webp";
            shrunk++;
            break;
          }
        }
    }
    if (!data) {
      leftOut++;
      continue;
    }
    left -= cost(mime, data.length);
    kept.set(r.url, `data:${mime};base64,${data.toString("base64")}`);
  }
  return { kept, shrunk, leftOut };
}
