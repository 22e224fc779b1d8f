// Hand-written golden cases: one page per quirk found in the wild (markup and text written for Ladle).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { EvalPage, Expected } from "./evaluate.ts";

const DIR = fileURLToPath(new URL("./cases/", import.meta.url));

/** A case file pair: `cases/<name>.html` and `cases/<name>.json`. */
export interface CaseSpec {
  /** The quirk the page covers, in one line. */
  note: string;
  /** Page URL (relative URLs resolve against it); defaults to https://cases.test/<name>/. */
  url?: string;
  expected: Expected;
}

/** Every hand-written case, sorted by name; ids are `case/<name>`. */
export function goldenCases(): EvalPage[] {
  let files: string[];
  try {
    files = readdirSync(DIR);
  } catch {
    return [];
  }
  return files
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const name = f.slice(0, -".json".length);
      const spec = JSON.parse(readFileSync(path.join(DIR, f), "utf8")) as CaseSpec;
      return {
        id: `case/${name}`,
        url: spec.url ?? `https://cases.test/${name}/`,
        html: readFileSync(path.join(DIR, `${name}.html`), "utf8"),
        expected: spec.expected,
      };
    });
}
