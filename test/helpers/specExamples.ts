import { readFileSync } from "node:fs";

/** The specification folder the conformance tests read (never copied into the repository). */
export const SPEC_DIR = process.env.LADLE_SPEC_DIR ?? "/work/shared/spec";

/** One fenced JSON example of a spec document, under the heading it sits in. */
export interface SpecExample {
  /** The nearest heading above the block, without the #s ("8.0.1 Create Ingest Task Contract"). */
  heading: string;
  /** The bold label just above the block, if any ("Request (query import):"). */
  label: string | null;
  text: string;
  /** The parsed value (a sketch's `[...]` as `[]`), or undefined when it does not parse. */
  value: unknown;
}

/**
 * Hand-written: drops `//` and `/* *\/` comments outside strings, the only JSON5 the documents
 * use, so their examples parse with JSON.parse without a dependency for tests.
 */
export function stripJsonComments(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === "\\") out += text[++i] ?? "";
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 1;
    } else out += c;
  }
  return out;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Every ```json / ```json5 block of a spec document, in order, read at test time. */
export function specExamples(file: string): SpecExample[] {
  const lines = readFileSync(`${SPEC_DIR}/${file}`, "utf8").split("\n");
  const found: SpecExample[] = [];
  let heading = "";
  let label: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const h = /^#+\s+(.*)$/.exec(line);
    if (h) {
      heading = h[1]!.trim();
      label = null;
      continue;
    }
    const l = /^\*\*(.+?)\*\*/.exec(line);
    if (l) label = line.replace(/\*\*/g, "").trim();
    if (!/^```json5?\s*$/.test(line)) continue;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) body.push(lines[i]!);
    const text = body.join("\n");
    // A sketch's elided list (`[...]`) reads as an empty one: its shape is still the document's.
    const value =
      parse(stripJsonComments(text)) ?? parse(stripJsonComments(text).replace(/\[\.\.\.\]/g, "[]"));
    found.push({ heading, label, text, value });
  }
  return found;
}

/** The one example under a heading starting with `heading` (and whose label starts with `label`). */
export function specExample(examples: SpecExample[], heading: string, label?: string): SpecExample {
  const hits = examples.filter(
    (e) => e.heading.startsWith(heading) && (label === undefined || (e.label ?? "").startsWith(label)),
  );
  if (hits.length !== 1)
    throw new Error(`expected one example under "${heading}" ${label ?? ""}, found ${hits.length}`);
  return hits[0]!;
}
