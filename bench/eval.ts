import { goldenCases } from "../test/golden/cases.ts";
import { evaluate } from "../test/golden/evaluate.ts";
import { goldenPages, SHAPES } from "../test/golden/shapes.ts";

// `npm run eval`: per-field accuracy of extraction on the golden set (test/golden).
const verbose = process.argv.includes("--verbose");
const { pages, fields } = evaluate();
console.log(
  `golden set: ${pages} pages (${goldenPages().length} generated in ${Object.keys(SHAPES).length} shapes, ${goldenCases().length} hand-written cases)`,
);
for (const f of fields) {
  const shown = f.failures.slice(0, verbose ? 50 : 4).join(", ");
  console.log(
    `${f.field.padEnd(34)} ${(f.score * 100).toFixed(1).padStart(6)}%${f.failures.length ? `   misses: ${shown}${f.failures.length > 4 && !verbose ? ", ..." : ""}` : ""}`,
  );
}
