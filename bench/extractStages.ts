import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** Every HTML file of the shared real-page corpus under `dir`, sorted; [] when it is absent. */
export function corpusFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        readdirSync(path.join(dir, d.name))
          .filter((f) => f.endsWith(".html"))
          .map((f) => path.join(dir, d.name, f)),
      )
      .sort();
  } catch {
    return [];
  }
}

/** CPU milliseconds per page of each stage of `ladle extract` (one thread). */
export interface Stages {
  decode: number;
  tokenizer: number;
  scan: number;
  readers: number;
  guardrail: number;
  draft: number;
  total: number;
  /** `extractFile` over the page's bytes, decoded and read in pieces (what `ladle extract` and the
   * import worker run), when the checkout has that path; the string stages above decode it whole. */
  bytePath?: number;
}

/**
 * Where the CPU time of `ladle extract` goes per page, one thread, for the checkout at `root`
 * (this one by default; another to compare, as bench/README.md does): decoding the bytes; the
 * streaming pass (scanPage: tokenizer, snapshot, JSON-LD, meta, the tree when there is no JSON-LD)
 * and, inside it, the bare htmlparser2 tokenizer and parser with no handlers; the readers on top
 * (extractRecipe less the pass); the paraphrase guardrail; draft building and validation
 * (extractFile less the rest). CPU time, best of three passes over every page: on a shared
 * machine wall time mostly measures the neighbours.
 */
export async function measureStages(
  files: string[],
  root = new URL("..", import.meta.url).href,
): Promise<Stages> {
  const at = (p: string) => import(new URL(p, root.endsWith("/") ? root : `${root}/`).href);
  const { loadConfig } = await at("src/config.ts");
  const { decodeHtml } = await at("src/extract/decodeBody.ts");
  const { scanPage } = await at("src/extract/pageScan.ts");
  const { extractRecipe } = await at("src/extract/extractRecipe.ts");
  const { checkParaphrase } = await at("src/guardrail/paraphraseGuardrail.ts");
  const { extractFile } = await at("src/services/imports/extractFile.ts");
  const dom = await at("src/extract/dom.ts");
  const { Parser } = await import("htmlparser2");
  const config = loadConfig({ env: {}, file: null });
  const url = "https://bench.test/r";
  const bytes = files.map((f) => readFileSync(f));
  const pages: string[] = bytes.map((b) => decodeHtml(b, null).text);
  // The parser options the checkout tokenizes with (older ones decoded entities without JSON-LD).
  const options = (html: string) =>
    dom.PARSER_OPTIONS ?? { decodeEntities: !/ld\+json/i.test(html), lowerCaseAttributeNames: true };
  const none = {};
  const ms = async (f: (i: number) => unknown): Promise<number> => {
    let best = Infinity;
    for (let round = 0; round < 3; round++) {
      const c = process.cpuUsage();
      for (let i = 0; i < pages.length; i++) await f(i);
      const u = process.cpuUsage(c);
      best = Math.min(best, (u.user + u.system) / 1000);
    }
    return best / pages.length;
  };
  const decode = await ms((i) => decodeHtml(bytes[i]!, null));
  const tokenizer = await ms((i) => new Parser(none, options(pages[i]!)).end(pages[i]!));
  const scan = await ms((i) => scanPage(pages[i]!));
  const extracted = pages.map((html) => extractRecipe({ html, url }));
  const extract = await ms((i) => extractRecipe({ html: pages[i]!, url }));
  const opts = config.Ingest.Guardrail;
  const guardrail = await ms((i) => {
    const r = extracted[i]!;
    return r.ok ? checkParaphrase(r.snapshot, r.recipe, opts) : null;
  });
  const full = await ms((i) => extractFile(config, pages[i]!, url));
  // Checkouts before the byte path (src/extract/pageText.ts) took only text.
  const hasBytePath = await at("src/extract/pageText.ts").then(
    () => true,
    () => false,
  );
  const bytePath = hasBytePath ? await ms((i) => extractFile(config, bytes[i]!, url)) : undefined;
  return {
    bytePath,
    decode,
    tokenizer,
    scan,
    readers: extract - scan,
    guardrail,
    draft: Math.max(0, full - extract - guardrail),
    total: decode + full,
  };
}

/** The stages as one line of figures. */
export function stagesLine(s: Stages): string {
  const f = (x: number) => `${x.toFixed(2)} ms`;
  return `decode ${f(s.decode)}, streaming pass ${f(s.scan)} (bare tokenizer + parser ${f(s.tokenizer)}), readers ${f(s.readers)}, guardrail ${f(s.guardrail)}, draft + validation ${f(s.draft)}; total ${f(s.total)} = ${(1000 / s.total).toFixed(0)} pages/s per core${s.bytePath === undefined ? "" : `; from the bytes, read in pieces (as ladle extract and the import worker do): ${f(s.bytePath)} = ${(1000 / s.bytePath).toFixed(0)} pages/s per core`}`;
}

// `node bench/extractStages.ts [ROOT]`: the stages of the checkout at ROOT (default: this one).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = process.argv[2] ? pathToFileURL(path.resolve(process.argv[2])).href : undefined;
  const dir = path.join(
    process.argv[2] ?? new URL("..", import.meta.url).pathname,
    "../shared/corpus/recipes",
  );
  const files = corpusFiles(dir);
  console.log(
    `${files.length} pages; CPU ms per page, best of 3: ${stagesLine(await measureStages(files, root))}`,
  );
}
