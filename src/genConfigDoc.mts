// Writes docs/configuration.md from the config schema (src/config.ts and the <family>.config.ts
// files it composes): every key, its type, its default and its environment name, with the comment
// written above the key in the source. `npm run check` runs this with --check, so a key added,
// renamed or given a new default without the document fails the check instead of misleading a reader.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { z } from "zod";
import { ENV_ALIASES, zConfig } from "./config.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, "docs/configuration.md");

/** Every `.ts` file under src whose name says it holds configuration. */
function configFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "web" ? [] : configFiles(p);
    return /(?:^config|\.config|^configParts)\.ts$/.test(e.name) ? [p] : [];
  });
}

interface VarInfo {
  /** Comments by key chain inside the variable's object ("RateLimit.CreatesPerMinute"). */
  docs: Map<string, string>;
  /** Key chains whose schema is another variable ("Fetch" → "zFetch"). */
  refs: Map<string, string>;
}

/** The leftmost identifier of an expression like `zFetch.prefault({})` or `z.object(…)`. */
function rootIdentifier(e: ts.Expression): string | null {
  let cur: ts.Node = e;
  for (;;) {
    if (ts.isIdentifier(cur)) return cur.text;
    if (ts.isCallExpression(cur)) cur = cur.expression;
    else if (ts.isPropertyAccessExpression(cur)) cur = cur.expression;
    else return null;
  }
}

/**
 * The comments above each key of every top-level schema variable. Hand-written with the
 * TypeScript parser: zod keeps no comments, and the comments are the keys' documentation.
 */
function readVars(): Map<string, VarInfo> {
  const vars = new Map<string, VarInfo>();
  for (const file of configFiles(path.join(ROOT, "src"))) {
    const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    for (const st of sf.statements) {
      if (!ts.isVariableStatement(st)) continue;
      for (const d of st.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || !d.initializer) continue;
        const info: VarInfo = { docs: new Map(), refs: new Map() };
        const visit = (n: ts.Node, chain: string[]) => {
          if (ts.isPropertyAssignment(n) && (ts.isIdentifier(n.name) || ts.isStringLiteral(n.name))) {
            const next = [...chain, n.name.text];
            const key = next.join(".");
            const doc = ts
              .getJSDocCommentsAndTags(n)
              .filter(ts.isJSDoc)
              .map((j) => ts.getTextOfJSDocComment(j.comment) ?? "")
              .join(" ");
            if (doc) info.docs.set(key, doc.replace(/\s+/g, " ").trim());
            const root = rootIdentifier(n.initializer);
            if (root && root !== "z" && /^z[A-Z]/.test(root)) info.refs.set(key, root);
            ts.forEachChild(n.initializer, (c) => visit(c, next));
            return;
          }
          ts.forEachChild(n, (c) => visit(c, chain));
        };
        visit(d.initializer, []);
        vars.set(d.name.text, info);
      }
    }
  }
  return vars;
}

/** The comment of a key, following schema variables (`Server` → `zServer`, then its keys). */
/**
 * A comment without its references to sections of the specification documents, which are not in
 * the repository: "(§5: 600 s)" reads "(600 s)".
 */
function withoutSections(text: string): string {
  return text
    .replace(/(?:spec |the document's )?§[\d.]+(?:, §[\d.]+)*:?\s*/g, "")
    .replace(/,\s*\)/g, ")")
    .replace(/\s*\(\s*\)/g, "")
    .replace(/\s+([.,;])/g, "$1");
}

function describe(vars: Map<string, VarInfo>, varName: string, keys: string[]): string {
  const info = vars.get(varName);
  if (!info) return "";
  for (let i = keys.length; i > 0; i--) {
    const chain = keys.slice(0, i).join(".");
    if (i === keys.length && info.docs.has(chain)) return info.docs.get(chain)!;
    const ref = info.refs.get(chain);
    if (ref && i < keys.length) return describe(vars, ref, keys.slice(i));
  }
  return "";
}

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};

interface Row {
  key: string[];
  type: string;
  default: unknown;
}

function typeOf(s: JsonSchema): string {
  if (s.enum) return s.enum.map((v) => `\`${String(v)}\``).join(", ");
  if (s.anyOf) return s.anyOf.map(typeOf).join(" or ");
  if (s.type === "array") return `list of ${s.items ? typeOf(s.items) : "values"}`;
  if (s.type === "object") return "object";
  return Array.isArray(s.type) ? s.type.join(" or ") : (s.type ?? "any");
}

function leaves(s: JsonSchema, key: string[], defaults: unknown, out: Row[]): void {
  if (s.properties) {
    for (const [k, sub] of Object.entries(s.properties))
      leaves(sub, [...key, k], (defaults as Record<string, unknown> | undefined)?.[k], out);
    return;
  }
  if (
    s.additionalProperties &&
    typeof s.additionalProperties === "object" &&
    s.additionalProperties.properties
  ) {
    leaves(s.additionalProperties, [...key, "<name>"], undefined, out);
    return;
  }
  out.push({ key, type: typeOf(s), default: defaults === undefined ? s.default : defaults });
}

function cell(v: unknown): string {
  if (v === undefined) return "unset";
  const text = typeof v === "string" ? v : JSON.stringify(v);
  return text === "" ? '`""`' : `\`${text.replace(/\|/g, "\\|")}\``;
}

function envNames(key: string[]): string {
  const alias = Object.entries(ENV_ALIASES).find(([, p]) => p === key.join(":"))?.[0];
  const generic = key.some((k) => k === "<name>") ? null : key.join("__");
  return [alias, generic]
    .filter(Boolean)
    .map((n) => `\`${n}\``)
    .join(", ");
}

export function configDoc(): string {
  const vars = readVars();
  const schema = z.toJSONSchema(zConfig, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const defaults = zConfig.parse({});
  const sections: string[] = [];
  for (const [section, sub] of Object.entries(schema.properties ?? {})) {
    const rows: Row[] = [];
    leaves(sub, [section], (defaults as Record<string, unknown>)[section], rows);
    const sectionVar = vars.get("zConfig")?.refs.get(section) ?? "";
    const lines = rows.map((r) => {
      const text = withoutSections(describe(vars, sectionVar, r.key.slice(1))).replace(/\|/g, "\\|");
      return `| \`${r.key.join(":")}\` | ${r.type.replace(/\|/g, "\\|")} | ${cell(r.default)} | ${envNames(r.key)} | ${text} |`;
    });
    sections.push(
      `## ${section}\n\n| key | type | default | environment | what it does |\n| --- | --- | --- | --- | --- |\n${lines.join("\n")}\n`,
    );
  }
  return `<!-- Generated by \`npm run gen:config-doc\` from src/config.ts; \`npm run check\` fails when it differs. Edit the schema's comments, not this file. -->

# Configuration

Sources, later ones winning: the defaults below, a JSON file (\`ladle.config.json\` in the working
directory, or the path in \`LADLE_CONFIG\`), then environment variables. Any key can be set in the
environment as \`Section__Key\` (for example \`Ingest__Guardrail__NgramSize=4\`); the common ones also
have a short name. A bad value stops start-up with a message naming the key. The file has the same
shape as the keys: \`{"Ingest": {"DraftExpirationDays": 7}, "Llm": {"PhaseProviders": {…}}}\`.
Keys under \`<name>\` are yours to name (an LLM provider, for example); they are set in the file.

${sections.join("\n")}`;
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const { format, resolveConfig } = await import("prettier");
  const text = await format(configDoc(), { ...(await resolveConfig(OUT)), filepath: OUT });
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(OUT, "utf8");
    } catch {
      // No document yet: it differs.
    }
    if (current !== text) {
      console.error("docs/configuration.md differs from the config schema: run npm run gen:config-doc");
      process.exit(1);
    }
  } else writeFileSync(OUT, text);
}
