import { readFileSync } from "node:fs";
import { Hono } from "hono";

const ICON_SVG = readFileSync(new URL("./static/icon.svg", import.meta.url));
const SIZES = [192, 512] as const;
const THEME = "#b3541e";

/**
 * The web app manifest ("capture from anywhere"): installable, with a Web Share Target
 * so a phone's share sheet sends a page, text, a photo or a PDF straight to Ladle's /share. No
 * service worker comes with it: Chrome installs a site without one, and offline use needs one.
 */
export const MANIFEST = {
  name: "Ladle",
  short_name: "Ladle",
  description: "Recipes, articles and bookmarks from any page, reviewed before they are kept.",
  id: "/",
  start_url: "/",
  scope: "/",
  display: "standalone",
  background_color: "#fafaf8",
  theme_color: THEME,
  icons: [
    { src: "/ui/icon.svg", sizes: "any", type: "image/svg+xml" },
    ...SIZES.map((s) => ({ src: `/icons/icon-${s}.png`, sizes: `${s}x${s}`, type: "image/png" })),
    { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
  share_target: {
    action: "/share",
    method: "POST",
    enctype: "multipart/form-data",
    params: {
      title: "title",
      text: "text",
      url: "url",
      files: [{ name: "files", accept: ["image/*", "application/pdf", ".pdf", "text/plain"] }],
    },
  },
};

/** A PNG of the app's icon, drawn from icon.svg once per size (maskable: inside the safe zone, on the theme's background). */
const pngs = new Map<string, Promise<Buffer>>();
function png(name: string): Promise<Buffer> | null {
  const m = /^icon-(maskable-)?(\d+)\.png$/.exec(name);
  const size = Number(m?.[2]);
  if (!m || !SIZES.includes(size as (typeof SIZES)[number])) return null;
  if (!pngs.has(name)) {
    const inner = m[1] ? Math.round(size * 0.7) : size;
    // sharp (libvips, ~25 MiB resident) loads with the first icon asked for, not with the server.
    const drawing = import("sharp").then(async ({ default: sharp }) => {
      const drawn = sharp(ICON_SVG, { density: Math.ceil((72 * inner) / 64) }).resize(inner, inner);
      if (!m[1]) return drawn.png().toBuffer();
      const icon = await drawn.png().toBuffer();
      return sharp({ create: { width: size, height: size, channels: 4, background: "#fafaf8" } })
        .composite([{ input: icon, gravity: "center" }])
        .png()
        .toBuffer();
    });
    pngs.set(name, drawing);
  }
  return pngs.get(name)!;
}

/** The manifest and its PNG icons. */
export function pwaRoutes(): Hono {
  const r = new Hono();
  r.get("/manifest.webmanifest", (c) =>
    c.body(JSON.stringify(MANIFEST), 200, {
      "content-type": "application/manifest+json",
      "cache-control": "max-age=3600",
    }),
  );
  // One route per icon (no path parameter: these are files, not resources).
  for (const name of [...SIZES.map((n) => `icon-${n}.png`), "icon-maskable-512.png"])
    r.get(`/icons/${name}`, async (c) =>
      c.body(new Uint8Array(await png(name)!), 200, {
        "content-type": "image/png",
        "cache-control": "max-age=86400",
      }),
    );
  return r;
}
