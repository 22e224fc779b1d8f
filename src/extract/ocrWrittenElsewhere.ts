// Words a recognised line lost a space or a dot in, given back as the text writes them elsewhere:
// "seasalt" where a step writes "sea salt", "qb." where the list writes "q.b." three times.
// Hand-written: these are tesseract's errors on one line of a text that writes the words right on
// others, which no spelling library knows (the words may be of any language).

type Lines = { words: { text: string; confidence: number; read?: string }[] }[];

// Below this a word's reading may have lost a space or a dot: a word the model read surely is as
// printed ("cornmeal" where the steps write "corn meal": the writer wrote both).
const SURE = 85;

const bare = (t: string): string => t.toLowerCase().replace(/^\P{L}+|\P{L}+$/gu, "");
// An abbreviation written with its dots ("q.b.", "e.g."), and a word that may be one read without
// them ("qb.", "qb").
const DOTTED = /^\p{L}(?:\.\p{L})+\.?$/u;
const UNDOTTED = /(^|[\s(])(\p{L}{2,4})\.?(?=[\s,;)]|$)/gu;
// A word long enough to be two run together ("seasalt"): each part two letters at least.
const LONG_WORD = /\p{L}{5,}/gu;

/**
 * What the text writes elsewhere, as a fixer of one line: a word read once and unsurely that is two
 * words the text writes side by side on another line, and an abbreviation read without its dots that the
 * text writes with them twice or more.
 */
export function writtenElsewhere(lines: Lines): (text: string) => string {
  const unsure = lines.flatMap((l) =>
    l.words.filter((w) => w.confidence < SURE || w.read !== undefined).map((w) => w.text.toLowerCase()),
  );
  const count = new Map<string, number>();
  const pairs = new Set<string>();
  const dotted = new Map<string, { form: string; n: number }>();
  for (const l of lines) {
    const ws = l.words.map((w) => w.text.trim()).filter(Boolean);
    ws.forEach((w, i) => {
      const b = bare(w);
      if (b) count.set(b, (count.get(b) ?? 0) + 1);
      const next = bare(ws[i + 1] ?? "");
      // Two words side by side in one phrase: no mark between them ("sea salt", not "sea, salt").
      if (/^\p{L}+$/u.test(b) && /^\p{L}+$/u.test(next) && /\p{L}$/u.test(w)) pairs.add(`${b} ${next}`);
      if (DOTTED.test(w)) {
        const key = w.toLowerCase().replace(/\./gu, "");
        const had = dotted.get(key);
        dotted.set(key, { form: had?.form ?? w, n: (had?.n ?? 0) + 1 });
      }
    });
  }
  // Read once, and inside a word the model was unsure of.
  const once = (w: string) =>
    (count.get(w.toLowerCase()) ?? 0) <= 1 && unsure.some((u) => u.includes(w.toLowerCase()));
  return (text) =>
    text
      .replace(LONG_WORD, (w) => {
        const low = w.toLowerCase();
        if (!once(low)) return w;
        for (let i = 2; i <= low.length - 2; i++)
          if (pairs.has(`${low.slice(0, i)} ${low.slice(i)}`)) return `${w.slice(0, i)} ${w.slice(i)}`;
        return w;
      })
      .replace(UNDOTTED, (all, before: string, w: string) => {
        const d = dotted.get(w.toLowerCase());
        return d && d.n >= 2 && once(w) ? `${before}${d.form}` : all;
      });
}
