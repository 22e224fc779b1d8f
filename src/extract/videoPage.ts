/** What a video page says about its video: title and the description or transcript. */
export interface VideoPageText {
  title: string | null;
  /** The transcript when the page publishes one, else the description. */
  text: string;
  /** Where the text came from. */
  origin: "VideoObject.transcript" | "VideoObject.description" | "meta.description";
}

function* walk(v: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(v)) for (const x of v) yield* walk(x);
  else if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    yield o;
    for (const k of ["@graph", "video", "mainEntity", "subjectOf", "hasPart"]) if (k in o) yield* walk(o[k]);
  }
}

const isType = (o: Record<string, unknown>, t: string) =>
  [o["@type"]].flat().some((x) => typeof x === "string" && x.toLowerCase() === t.toLowerCase());

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/**
 * A video page's VideoObject (JSON-LD) transcript or description, else its meta description.
 * (A Recipe in the page's structured data is read by the extraction core before this.)
 */
export async function videoPageText(html: string): Promise<VideoPageText | null> {
  // Loaded on first use: video pages are rare, and cheerio is a large part of a process's heap.
  const cheerio = await import("cheerio");
  const $ = cheerio.load(html);
  for (const el of $('script[type="application/ld+json"]').toArray()) {
    let json: unknown;
    try {
      json = JSON.parse($(el).text());
    } catch {
      continue;
    }
    for (const o of walk(json)) {
      if (!isType(o, "VideoObject")) continue;
      const title = str(o.name);
      const transcript = str(o.transcript);
      if (transcript) return { title, text: transcript, origin: "VideoObject.transcript" };
      const description = str(o.description);
      if (description) return { title, text: description, origin: "VideoObject.description" };
    }
  }
  const meta = (n: string) =>
    str($(`meta[property="${n}"]`).attr("content")) ?? str($(`meta[name="${n}"]`).attr("content"));
  const description = meta("og:description") ?? meta("description");
  if (!description) return null;
  return {
    title: meta("og:title") ?? str($("title").first().text()),
    text: description,
    origin: "meta.description",
  };
}
