import type { UnitSystem } from "./amounts.ts";

/**
 * Oven and cooking temperatures in step text, said in the cook's system: "350°F" → "180°C". Oven
 * heats round as oven dials do (10 °C, 25 °F); lower ones (meat, sugar) stay precise to a degree
 * or five. A step that already gives both ("350°F (180°C)") keeps the one asked for.
 * Hand-written: no library reads temperatures out of recipe prose.
 */

// "350°F", "350 ° F", "350 degrees Fahrenheit", "350F" (a bare letter only right after the number).
const DEG = String.raw`(\d{2,3})(?:\s*[°º˚]\s*|\s*degrees?\s+|(?=[FC]\b))(F|C|Fahrenheit|Celsius|centigrade)\b`;
const TEMP = new RegExp(`${DEG}(?:(\\s*(?:\\(|/)\\s*)${DEG}(\\s*\\))?)?`, "giu");

function scaleOf(s: string): "F" | "C" {
  return s[0]!.toUpperCase() === "F" ? "F" : "C";
}

/** Fahrenheit to Celsius as a cook sets it. */
export function toCelsius(f: number): number {
  const c = ((f - 32) * 5) / 9;
  return f >= 250 ? Math.round(c / 10) * 10 : Math.round(c);
}

/** Celsius to Fahrenheit as a cook sets it. */
export function toFahrenheit(c: number): number {
  const f = (c * 9) / 5 + 32;
  return f >= 300 ? Math.round(f / 25) * 25 : Math.round(f / 5) * 5;
}

/** `text` with its temperatures said in `system` (metric: °C, us: °F); unchanged for "original". */
export function convertTemperatures(text: string, system: UnitSystem): string {
  if (system === "original") return text;
  const want = system === "metric" ? "C" : "F";
  return text.replace(TEMP, (all, v1: string, s1: string, _sep?: string, v2?: string, s2?: string) => {
    const first = { v: Number(v1), s: scaleOf(s1) };
    const second = v2 && s2 ? { v: Number(v2), s: scaleOf(s2) } : null;
    if (second && second.s !== first.s) {
      const keep = first.s === want ? first : second;
      return `${keep.v}°${want}`;
    }
    if (second) return all;
    if (first.s === want) return `${first.v}°${want}`;
    const v = want === "C" ? toCelsius(first.v) : toFahrenheit(first.v);
    return `${v}°${want}`;
  });
}
