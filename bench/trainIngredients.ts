// `npm run train:ingredients [-- --dev] [--epochs N]`: trains the ingredient tagger on the shared
// labelled lines (../shared/corpus/ingredients) and writes src/extract/tagger/ingredientModel.bin.
// The held-out slice (test/golden/ingredientLines.ts corpusSlice) is never trained on. `--dev`
// trains on the train slice only and reports token and line accuracy on the dev slice (the model
// it writes is then for trying settings with `npm run eval -- ingredients --slice dev`, not to commit).
import { writeFileSync } from "node:fs";
import { alignLabels, LABELS, type Label } from "../src/extract/tagger/align.ts";
import { decodeModel, encodeModel, IngredientTagger, MODEL_FILE } from "../src/extract/tagger/model.ts";
import { Featurizer, seededRandom, train } from "../src/extract/tagger/perceptron.ts";
import { corpusSlice, loadIngredientCorpus, SPLIT_SEED } from "../test/golden/ingredientLines.ts";

const args = process.argv.slice(2);
const dev = args.includes("--dev");
const epochs = Number(args[args.indexOf("--epochs") + 1] ?? 0) || 12;
const SEED = 7;

/** Labels for every token: a token no field holds takes its neighbour's label. */
function fill(labels: (Label | null)[]): Label[] {
  const out = [...labels];
  for (let i = 0; i < out.length; i++) {
    if (out[i]) continue;
    let j = i - 1;
    while (j >= 0 && out[j] === "PUNC") j--;
    let k = i + 1;
    while (k < out.length && (out[k] === null || out[k] === "PUNC")) k++;
    out[i] = (j >= 0 ? out[j] : null) ?? (k < out.length ? out[k] : null) ?? "COMMENT";
  }
  return out as Label[];
}

const t0 = performance.now();
const corpus = loadIngredientCorpus();
if (!corpus.size) throw new Error("The ingredient corpus (../shared/corpus/ingredients) was not found.");
const lines = [...corpus.values()].flat();
const wanted = new Set(dev ? ["train"] : ["train", "dev"]);
const trainLines = lines.filter((l) => wanted.has(corpusSlice(l.input)));
const index = new Map<string, number>();
const featurizer = new Featurizer(index, true);
const data = trainLines.map((l) => {
  const { tokens, labels } = alignLabels(l.input, l);
  return { feats: featurizer.line(tokens), gold: fill(labels).map((x) => LABELS.indexOf(x)) };
});
console.log(
  `training on ${data.length} of ${lines.length} lines (${dev ? "train" : "train + dev"} slices, split seed ${SPLIT_SEED}), ${index.size} features, ${epochs} epochs`,
);
const weights = train(LABELS, index, data, {
  epochs,
  seed: SEED,
  onEpoch: (e, errors) => console.log(`  epoch ${e}: ${errors} lines wrong`),
});
const bytes = encodeModel(weights, {
  trainedOn: data.length,
  slices: [...wanted].join("+"),
  epochs,
  seed: SEED,
  splitSeed: SPLIT_SEED,
});
const seconds = (performance.now() - t0) / 1000;
const model = decodeModel(bytes);
console.log(
  `trained in ${seconds.toFixed(1)} s; model ${(bytes.length / 1024).toFixed(0)} KiB, ${model.info.features} features`,
);
if (dev) {
  const tagger = new IngredientTagger(model);
  let tok = 0;
  let tokOk = 0;
  let lineOk = 0;
  const devLines = lines.filter((l) => corpusSlice(l.input) === "dev");
  const rand = seededRandom(1);
  const shown: string[] = [];
  for (const l of devLines) {
    const { tokens, labels } = alignLabels(l.input, l);
    const gold = fill(labels);
    const got = tagger.tagTokens(tokens).labels;
    let ok = true;
    gold.forEach((g, i) => {
      tok++;
      if (g === got[i]) tokOk++;
      else ok = false;
    });
    if (ok) lineOk++;
    else if (shown.length < 25 && rand() < 0.1)
      shown.push(
        tokens.map((t, i) => `${t.text}/${got[i]}${got[i] === gold[i] ? "" : `(${gold[i]})`}`).join(" "),
      );
  }
  console.log(shown.join("\n"));
  console.log(
    `dev: ${devLines.length} lines, token accuracy ${((tokOk / tok) * 100).toFixed(2)}%, lines all right ${((lineOk / devLines.length) * 100).toFixed(2)}%`,
  );
}
writeFileSync(MODEL_FILE, bytes);
console.log(`wrote ${MODEL_FILE.pathname}`);
