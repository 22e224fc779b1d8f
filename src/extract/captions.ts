/** Captions files (WebVTT, SubRip) as plain text for the text reader. */

const SRT_START = /^\s*\d+\s*\r?\n\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->/;
const TIMING = /^\s*(?:\d{1,2}:)?\d{2}:\d{2}[,.]\d{1,3}\s*-->/;

/** True for a WebVTT or SubRip file. */
export function looksLikeCaptions(text: string): boolean {
  return /^\uFEFF?WEBVTT(?:[ \t]|\r?\n|$)/.test(text) || SRT_START.test(text.replace(/^\uFEFF/, ""));
}

/**
 * The spoken text of a captions file: headers, NOTE/STYLE blocks, cue numbers, timings and markup
 * dropped; a cue repeated by rolling auto-captions kept once; one cue per line.
 */
export function captionsToText(text: string): string {
  const blocks = text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/);
  const lines: string[] = [];
  for (const block of blocks) {
    const rows = block.split("\n");
    if (/^(?:WEBVTT|NOTE|STYLE|REGION)\b/.test(rows[0] ?? "")) continue;
    const at = rows.findIndex((r) => TIMING.test(r));
    if (at < 0) continue;
    for (const row of rows.slice(at + 1)) {
      const t = row
        .replace(/<[^>]*>/g, "")
        .replace(/\{\\[^}]*\}/g, "")
        .replace(/&amp;/g, "&")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&nbsp;/g, " ")
        .replace(/\s+/g, " ")
        .trim();
      if (t && t !== lines.at(-1)) lines.push(t);
    }
  }
  return lines.join("\n");
}
