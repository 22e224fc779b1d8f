import type { Context } from "hono";
import { zSharedFields, type SharedFields } from "../../services/share/index.ts";

export type SharedForm = {
  fields: SharedFields;
  /** One file per share: a recipe is one photo or one PDF. */
  file: { bytes: Buffer; name: string; contentType: string } | null;
};

/**
 * What the share sheet posted as multipart/form-data: its fields and first non-empty file. Read
 * here rather than by defineRoute, which applies a schema to JSON bodies only; the problem is in
 * words for the person sharing.
 */
export async function readSharedForm(
  c: Context,
): Promise<{ ok: true; value: SharedForm } | { ok: false; message: string }> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    return { ok: false, message: "What was shared could not be read; share it again." };
  }
  const one = (k: string) => {
    const v = form[k];
    const first = Array.isArray(v) ? v[0] : v;
    return typeof first === "string" ? first : undefined;
  };
  const fields = zSharedFields.safeParse({ title: one("title"), text: one("text"), url: one("url") });
  if (!fields.success) return { ok: false, message: "The shared link or text is too long to import." };
  const files = ([] as (string | File)[])
    .concat(form.files ?? [])
    .filter((f): f is File => typeof f !== "string");
  const f = files.find((x) => x.size > 0) ?? null;
  const file = f
    ? { bytes: Buffer.from(await f.arrayBuffer()), name: f.name || "shared file", contentType: f.type }
    : null;
  return { ok: true, value: { fields: fields.data, file } };
}
