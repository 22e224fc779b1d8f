// Hand-written: ISO-8601 libraries reject the malformed durations found on real pages.
import { timeWordsInDigits } from "./timeWordsInDigits.ts";

const ISO =
  /^P(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/i;

const LOOSE_ISO =
  /^PT?(?:(\d+(?:[.,]\d+)?)D)?T?(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?$/i;

const FRACTIONS: Record<string, number> = { "½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3 };

const num = (s: string | undefined) => (s ? Number(s.replace(",", ".")) : 0);

/**
 * A duration in whole minutes, or null. Accepts ISO-8601 (`PT1H30M`, `P0DT0H30M`), its malformed
 * cousins (`PT1H60M`, `PT90M`, `pt20m`, `PT0.5H`, `P30M` for 30 minutes, `P2H10M`, `PT0D4H45M`) and text ("30 minutes", "1 hour 15 mins", "1h30").
 */
export function parseDuration(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
  if (typeof value !== "string") return null;
  // "forty minutes", "half an hour": read as their digits.
  const written = timeWordsInDigits(value);
  const s = written.trim().replace(/\s+/g, "");
  if (!s) return null;
  const m = ISO.exec(s);
  if (m && s.length > 1 && s.toUpperCase() !== "PT") {
    const [, y, mo, w, d, h, mi, sec] = m;
    // "P30M" with no time part: pages mean 30 minutes (no recipe takes 30 months).
    const slip = !/T/i.test(s);
    const minutes =
      num(y) * 525_600 +
      num(mo) * (slip ? 1 : 43_200) +
      num(w) * 10_080 +
      num(d) * 1_440 +
      num(h) * 60 +
      num(mi) +
      num(sec) / 60;
    return Math.round(minutes);
  }
  // Days, hours, minutes, seconds in ISO's order with its T missing or misplaced ("P2H10M",
  // "PT0D4H45M"): M is minutes here, after days or hours.
  const loose = LOOSE_ISO.exec(s);
  if (loose && /\d/.test(s)) {
    const [, d, h, mi, sec] = loose;
    return Math.round(num(d) * 1_440 + num(h) * 60 + num(mi) + num(sec) / 60);
  }
  // A template's empty designators ("PTH25MS": hours and seconds left blank) say nothing: without them.
  if (/^PT?[\d.,dhmsw]*$/i.test(s)) {
    const filled = s.replace(/(?<=[a-z])[dhmsw]/gi, "");
    if (filled !== s && /\d/.test(filled)) return parseDuration(filled);
  }
  // A negative ISO duration ("PT-476070H19M32S", a broken date difference) is no time.
  if (/^PT?-/i.test(s)) return null;
  // "1:30" is hours and minutes; "0:40:00" hours, minutes and seconds.
  const clock = /^(\d{1,2}):([0-5]\d)(?::([0-5]\d))?$/.exec(s);
  if (clock) return Math.round(Number(clock[1]) * 60 + Number(clock[2]) + Number(clock[3] ?? 0) / 60);
  // Fractions of an hour: "1 1/2 hours", "1½ hours", "¾ hour".
  const text = written
    .toLowerCase()
    .replace(/(\d+)?\s*([½¼¾⅓⅔])/g, (_m, whole: string | undefined, f: string) =>
      String(Number(whole ?? 0) + FRACTIONS[f]!),
    )
    .replace(/(?:(\d+)\s+)?(\d+)\s*\/\s*(\d+)/g, (_m, whole: string | undefined, n: string, d: string) =>
      String(Number(whole ?? 0) + Number(n) / Number(d)),
    );
  // A range with its units on both sides ("45 mins - 1 hour", "1 hour to 1 hour 30 minutes") is
  // its top, as "12-15 minutes" is, not the sum of its ends; a second value under the first ("1
  // hour - 30 minutes") is a part of one duration.
  const range = /^(.*?[a-z.])\s*(?:-|–|—|\bto\b)\s*(\d.*)$/.exec(text);
  if (range) {
    const [low, high] = [parseDuration(range[1]), parseDuration(range[2])];
    if (low && high && high >= low) return high;
  }
  let total = 0;
  let found = false;
  const re =
    /(\d+(?:[.,]\d+)?)\s*(d(?:ays?)?|h(?:ours?|rs?|r)?|stunden?|std\.?|heures?|horas?|ore|uur|u|tim(?:mar?|er?)?|t|m(?:in(?:ute)?s?|n)?|minuten?|minutos?|minuti|minuter|minutter|minuut|min[uú]t[ya]?|perc|godz(?:in[ay]?)?\.?|hod(?:in[ay]?|\.)?|óra|saat|dakika|dk|s(?:ec(?:ond)?s?)?|sekund(?:en|er|e)?|segundos?|secondes?|seconden?|secondi|sek)\b/g;
  for (const part of text.matchAll(re)) {
    found = true;
    const n = num(part[1]);
    const unit = part[2]!;
    if (/^d(?:ays?)?$/.test(unit)) total += n * 1440;
    // Seconds are seconds: "40 s" is under a minute, never 40 minutes.
    else if (/^(?:s$|sec|sek|seg)/.test(unit)) total += n / 60;
    else if (/^(?:h|stund|std|heure|hora|ore|uur|u$|tim|t$|godz|óra|saat)/.test(unit)) total += n * 60;
    else total += n;
  }
  // "1h30" style
  const hm = /(\d+)\s*h\s*(\d{1,2})(?!\d)/.exec(text);
  if (hm && !/\d+\s*h\s*\d{1,2}\s*m/.test(text)) return Number(hm[1]) * 60 + Number(hm[2]);
  if (found) return Math.round(total);
  if (/^\d+$/.test(s)) return Number(s);
  return null;
}
