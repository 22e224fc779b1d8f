import type { Context } from "hono";
import { z } from "zod";
import { zCommitPolicy, type CommitPolicy } from "../../services/collections/index.ts";

/** `POST /api/collections` as JSON: a list of URLs, or a live Mealie server and token. */
export const zStartCollectionJson = z.union([
  z.object({
    urls: z.array(z.string().max(4000)).min(1).max(10_000),
    policy: zCommitPolicy.default("commit_clean"),
  }),
  z.object({
    /** Every recipe of a live Mealie server, read through its API with the user's token. */
    mealie: z.object({ server: z.string().min(1).max(2000), token: z.string().min(1).max(4000) }),
    policy: zCommitPolicy.default("commit_clean"),
  }),
]);

export type CollectionStart =
  | { urls: string[]; policy: CommitPolicy }
  | { mealie: { server: string; token: string }; policy: CommitPolicy }
  | { file: { name: string; bytes: Uint8Array } };

/**
 * What a bulk import starts from: JSON, a multipart field `file` or the raw file. Read here rather
 * than by defineRoute, which applies a schema to a JSON-only body and this one takes three kinds.
 */
export async function readCollectionStart(
  c: Context,
  fallbackName: string,
): Promise<{ ok: true; value: CollectionStart } | { ok: false; message: string }> {
  const type = c.req.header("content-type") ?? "";
  if (type.startsWith("application/json")) {
    const body = zStartCollectionJson.safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      return {
        ok: false,
        message:
          'Send {"urls": ["https://…"], "policy": "commit_clean"}, {"mealie": {"server": "https://…", "token": "…"}} or a file.',
      };
    return { ok: true, value: body.data };
  }
  let bytes: Uint8Array;
  let name = fallbackName;
  if (type.startsWith("multipart/form-data")) {
    const form = await c.req.parseBody().catch(() => null);
    const f = form?.file;
    if (!(f instanceof File))
      return { ok: false, message: 'Send the file in a multipart field named "file", or as the raw body.' };
    bytes = new Uint8Array(await f.arrayBuffer());
    name = f.name || name;
  } else bytes = new Uint8Array(await c.req.arrayBuffer());
  if (!bytes.length) return { ok: false, message: "The file is empty." };
  return { ok: true, value: { file: { name, bytes } } };
}
