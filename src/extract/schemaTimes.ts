// A schema.org recipe's times in minutes, in the forms pages write them (issue 50: times in odd
// forms, seconds read as minutes).
import { parseDuration } from "./durations.ts";

const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

const bareNumber = (v: unknown): number | null =>
  typeof v === "number" ? v : typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : null;

/**
 * A schema.org time in minutes. A bare number is minutes, save one over a day that counts whole
 * minutes ("totalTime": 2400): an app's seconds (40 minutes), not a recipe of 40 hours. An app
 * writes all its times alike, so once one of a recipe's bare numbers is seconds (`seconds`), the
 * others are as well ("prepTime": 600 beside "totalTime": 2400 is 10 minutes, not 10 hours).
 */
export function schemaMinutes(v: unknown, seconds: boolean): number | null {
  const n = bareNumber(v);
  if (n !== null && (seconds || (n > 1_440 && n % 60 === 0))) return Math.round(n / 60);
  return parseDuration(durationText(v));
}

// UN/CEFACT codes of a QuantitativeValue's time unit ("MIN", "HUR", "DAY", "SEC").
const UNIT_CODES: Record<string, string> = { MIN: "min", HUR: "h", DAY: "d", SEC: "s" };

/**
 * A time written as an object: a QuantitativeValue (`{"value": 40, "unitText": "minutes"}`, unit
 * code "MIN") or a Duration naming its ISO text (`{"@type": "Duration", "name": "PT40M"}`).
 */
function durationText(v: unknown): unknown {
  if (!v || typeof v !== "object" || Array.isArray(v)) return v;
  const o = v as Record<string, unknown>;
  const amount = o.value ?? o.maxValue ?? o.minValue;
  if (typeof amount === "number" || typeof amount === "string") {
    const unit = typeof o.unitText === "string" ? o.unitText : UNIT_CODES[String(o.unitCode)];
    return unit ? `${String(amount)} ${unit}` : amount;
  }
  return [o["@value"], o.name, o.description].find((x) => typeof x === "string");
}

/**
 * The minutes a method's steps give (HowToStep "performTime", "totalTime" or "timeRequired"),
 * sections' steps included: a recipe whose data times only its steps cooks that long. Null when
 * no step is timed.
 */
export function stepMinutes(v: unknown, depth = 0): number | null {
  if (!v || typeof v !== "object" || depth > 3) return null;
  const items = Array.isArray(v) ? v : [v];
  let sum: number | null = null;
  for (const item of items) {
    if (!item || typeof item !== "object") continue;
    const o = item as Record<string, unknown>;
    const own = [o.performTime, o.totalTime, o.timeRequired].find((t) => t !== undefined);
    const m =
      own !== undefined ? schemaMinutes(first(own), false) : stepMinutes(o.itemListElement, depth + 1);
    if (m !== null) sum = (sum ?? 0) + m;
  }
  return sum;
}

/** Whether a recipe's bare-number times are an app's seconds: one over a day of whole minutes. */
export const inSeconds = (values: unknown[]): boolean =>
  values.some((v) => {
    const n = bareNumber(v);
    return n !== null && n > 1_440 && n % 60 === 0;
  });
