import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { articlePage } from "./articlePages.ts";

/** A photograph-like picture (noise compresses badly): about `w * h * 3` bytes as PNG. */
export async function noisyPng(w: number, h: number): Promise<Buffer> {
  return sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * A loopback article with `n` large pictures, a stylesheet with a background picture and a
 * script, and the routes a fixture server answers it with.
 */
export async function pictureArticle(
  n: number,
  opts: { w?: number; h?: number } = {},
): Promise<Record<string, { headers?: Record<string, string>; body: string | Buffer }>> {
  const routes: Record<string, { headers?: Record<string, string>; body: string | Buffer }> = {};
  const figures: string[] = [];
  for (let i = 0; i < n; i++) {
    routes[`/img/photo-${i}.png`] = {
      headers: { "content-type": "image/png" },
      body: await noisyPng(opts.w ?? 320, opts.h ?? 240),
    };
    figures.push(
      `<figure><img src="/img/photo-${i}.png" alt="Photo ${i + 1}"><figcaption>Step ${i + 1}</figcaption></figure>`,
    );
  }
  routes["/img/paper.png"] = { headers: { "content-type": "image/png" }, body: await noisyPng(16, 16) };
  routes["/style.css"] = {
    headers: { "content-type": "text/css" },
    body: "body { background: url(/img/paper.png) repeat; color: #123 } figure { margin: 1em 0 } .lead { font-weight: bold }",
  };
  routes["/track.js"] = { headers: { "content-type": "text/javascript" }, body: "window.tracked = true" };
  routes["/pictures"] = {
    body: articlePage({
      title: "Twenty Pictures of Bread",
      head: '<link rel="stylesheet" href="/style.css"><script src="/track.js"></script>',
      body: `<p class="lead" onclick="alert(1)">Follow the pictures.</p>${figures.join("\n")}<script>document.title = "changed"</script>`,
    }),
  };
  return routes;
}
