// Byte-for-byte check of an extraction change: every corpus page through the paths users run,
// one JSON line per page and path, written to OUT for the checkout at ROOT. Run it for the tree
// before and the tree after, then compare the two files (`cmp`, `diff`):
//   node bench/dumpExtract.ts /tmp/before.ndjson /work/wt-base
//   node bench/dumpExtract.ts /tmp/after.ndjson
// Paths: `ladle extract`'s (extractFile over the page's bytes, and over its text), the import
// worker's thread (readRecipePage with the guardrail, the language and the JSON-LD text: the whole
// result, snapshot and classification included), on the recipe pages as saved, without their
// structured data and without their class names too (the page-text reader alone, as
// `npm run eval -- stripped|bare` reads them), and on the article pages.
import { createWriteStream, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { corpusFiles } from "./extractStages.ts";

const [out, rootArg] = process.argv.slice(2);
if (!out) {
  console.error("usage: node bench/dumpExtract.ts OUT.ndjson [CHECKOUT]");
  process.exit(2);
}
const root = rootArg ? pathToFileURL(path.resolve(rootArg)).href + "/" : new URL("..", import.meta.url).href;
const at = (p: string) => import(new URL(p, root).href);
const { loadConfig } = await at("src/config.ts");
const { decodeHtml } = await at("src/extract/decodeBody.ts");
const { extractFile } = await at("src/services/imports/extractFile.ts");
const { readRecipePage } = await at("src/extract/readRecipePage.ts");
const { withoutStructuredData, withoutClassNames } = await at("test/golden/realPages.ts");
const config = loadConfig({ env: {}, file: null });
const corpus = path.join(new URL(root).pathname, "../shared/corpus");
const recipes = corpusFiles(path.join(corpus, "recipes"));
const articles = readdirSync(path.join(corpus, "articles"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => path.join(corpus, "articles", d.name, "source.html"));
const url = "https://bench.test/r";
const sink = createWriteStream(out);
// The clock's reading is the one field that differs between two runs of the same tree.
const line = (o: unknown) =>
  sink.write(`${JSON.stringify(o, (k, v: unknown) => (k === "retrievedAt" ? "(now)" : v))}\n`);

async function dump(kind: string, file: string, bytes: Uint8Array): Promise<void> {
  const text = decodeHtml(bytes, null).text;
  line({ kind, file, path: "bytes", r: await extractFile(config, bytes, url) });
  line({ kind, file, path: "text", r: await extractFile(config, text, url) });
  const worker = readRecipePage({
    url,
    body: bytes,
    contentType: "text/html",
    guardrail: config.Ingest.Guardrail,
    language: true,
    jsonldText: true,
  });
  line({ kind, file, path: "worker", r: worker });
}

for (const f of recipes) {
  const bytes = readFileSync(f);
  await dump("recipe", f, bytes);
  const html = decodeHtml(bytes, null).text;
  const stripped = withoutStructuredData(html);
  const bare = withoutClassNames(html);
  for (const [kind, page] of [
    ["stripped", stripped],
    ["bare", bare],
  ] as const) {
    line({ kind, file: f, path: "text", r: await extractFile(config, page, url) });
    const read = readRecipePage({ url, html: page, guardrail: config.Ingest.Guardrail, language: true });
    line({ kind, file: f, path: "worker", r: read });
  }
}
for (const f of articles) await dump("article", f, readFileSync(f));
await new Promise((r) => sink.end(r));
console.log(`${recipes.length} recipe pages, ${articles.length} article pages: ${out}`);
