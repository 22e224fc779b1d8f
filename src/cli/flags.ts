import { InvalidArgumentError, Option } from "commander";
import type { z } from "zod";
import { helpText } from "./i18n/cliHelp.ts";
import { say } from "./i18n/cliWords.ts";

/** How a schema field is given on the command line. */
export interface FieldInfo {
  kind: "string" | "number" | "boolean" | "enum" | "list" | "json";
  choices?: string[];
  description: string;
  required: boolean;
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; entries?: object };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The field's base type, under optional, default, nullable and pipe wrappers. */
function base(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 10; i++) {
    const d = defOf(s);
    if (d.innerType) s = d.innerType;
    else if (d.type === "pipe" && d.in) s = d.in;
    else break;
  }
  return s;
}

/** What the command line needs to know of one input field of an operation. */
export function fieldInfo(schema: z.ZodType): FieldInfo {
  const b = base(schema);
  const d = defOf(b);
  const description = schema.description ?? b.description ?? "";
  const required = !schema.safeParse(undefined).success;
  if (d.type === "boolean") return { kind: "boolean", description, required };
  if (d.type === "number" || d.type === "int") return { kind: "number", description, required };
  if (d.type === "enum")
    return { kind: "enum", choices: Object.values(d.entries ?? {}).map(String), description, required };
  if (d.type === "array" && d.element && ["string", "enum"].includes(defOf(base(d.element)).type)) {
    const el = defOf(base(d.element));
    return {
      kind: "list",
      ...(el.type === "enum" ? { choices: Object.values(el.entries ?? {}).map(String) } : {}),
      description,
      required,
    };
  }
  if (d.type === "string") return { kind: "string", description, required };
  return { kind: "json", description, required };
}

/** `pageSize` → `page-size`. */
export const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Parses a flag's text into the field's value; commander turns the error into a usage error (exit 2). */
export function parseValue(info: FieldInfo, name: string, text: string): unknown {
  if (info.kind === "number") {
    const n = Number(text);
    if (!Number.isFinite(n)) throw new InvalidArgumentError(say("takesNumber", { flag: `--${kebab(name)}` }));
    return n;
  }
  if (info.kind === "list") {
    const items = text
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = info.choices ? items.filter((i) => !info.choices!.includes(i)) : [];
    if (bad.length)
      throw new InvalidArgumentError(
        say("chooseFrom", { bad: bad.join(", "), choices: info.choices!.join(", ") }),
      );
    return items;
  }
  if (info.kind === "json") {
    try {
      return JSON.parse(text);
    } catch {
      throw new InvalidArgumentError(
        say("takesJson", { flag: `--${kebab(name)}`, example: `'{"servings": 4}'` }),
      );
    }
  }
  return text;
}

/** The commander option of one operation field (its help text is the schema's description). */
export function optionOf(name: string, info: FieldInfo): Option {
  const flag = `--${kebab(name)}`;
  const arg = {
    number: "<n>",
    string: `<${helpText("phText")}>`,
    enum: `<${helpText("phChoice")}>`,
    list: "<a,b>",
    json: "<json>",
    boolean: "",
  }[info.kind];
  const opt = new Option(info.kind === "boolean" ? flag : `${flag} ${arg}`, info.description);
  if (info.kind === "enum") opt.choices(info.choices!);
  else if (info.kind !== "boolean") opt.argParser((text: string) => parseValue(info, name, text));
  return opt;
}
