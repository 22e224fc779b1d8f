import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Caller } from "../../domain/user.ts";
import { fail, type Failure } from "../../errors.ts";
import type { BlobsRepo } from "../../storage/blobs.repo.ts";
import type { UploadService } from "../imports/index.ts";

/**
 * Capture from anywhere: what a phone's share sheet (the PWA's Web Share
 * Target) or the bookmarklet sends to /share. The POST only puts what was shared aside, for ten
 * minutes, under a random one-time id; the web app then opens it as the signed-in user
 * (`claim`), which is where an import starts. Kept as blobs, so every API process finds it.
 */

/** How long a shared item waits for the web app to open it (sign-in included). */
const STASH_MS = 10 * 60_000;
const STASH_ID = /^[A-Za-z0-9_-]{22}$/;

/** The fields a share sends (Web Share Target `params`); every one may be missing. */
export const zSharedFields = z
  .object({
    title: z.string().max(1000).optional(),
    text: z.string().max(200_000).optional(),
    url: z.string().max(8192).optional(),
  })
  .meta({ id: "SharedFields" });
export type SharedFields = z.infer<typeof zSharedFields>;

/** What the web app gets when it opens a shared item: what to import, and whether to start at once. */
export const zSharedItem = z
  .object({
    /** url: a page to import; text: pasted text; file: a photo or PDF (an upload token); nothing. */
    kind: z.enum(["url", "text", "file", "nothing"]),
    url: z.string().nullable(),
    title: z.string().nullable(),
    text: z.string().nullable(),
    file: z.object({ token: z.string(), kind: z.string(), name: z.string() }).nullable(),
    /**
     * True only for a share the browser itself sent (the OS share sheet) or Ladle's own page: an
     * import starts at once. Anything another site could have sent waits for the user's click.
     */
    autoStart: z.boolean(),
  })
  .meta({ id: "SharedItem" });
export type SharedItem = z.infer<typeof zSharedItem>;

interface Stashed {
  fields: SharedFields;
  ownerId: string | null;
  autoStart: boolean;
  file: { name: string; contentType: string } | null;
}

/**
 * The page to import in what was shared: the url field, else a link that is most of the text
 * (Android apps often share "Title https://…" as text).
 */
export function sharedUrl(fields: SharedFields): string | null {
  const valid = (s: string | undefined) => {
    const t = s?.trim();
    return t && URL.canParse(t) && /^https?:$/i.test(new URL(t).protocol) ? t : null;
  };
  const direct = valid(fields.url);
  if (direct) return direct;
  const text = fields.text ?? "";
  const link = /https?:\/\/\S+/i.exec(text)?.[0]?.replace(/[).,;!?'"»]+$/, "");
  if (link && valid(link) && text.replace(link, "").trim().length <= 200) return link;
  return null;
}

export class ShareTargetService {
  private readonly d: { blobs: BlobsRepo; uploads: UploadService; now: () => Date };

  constructor(deps: { blobs: BlobsRepo; uploads: UploadService; now: () => Date }) {
    this.d = deps;
  }

  /** Puts a share aside; answers its one-time id. */
  async stash(
    fields: SharedFields,
    file: { bytes: Buffer; name: string; contentType: string } | null,
    opts: { ownerId: string | null; autoStart: boolean },
  ): Promise<string> {
    const id = randomBytes(16).toString("base64url");
    const until = new Date(this.d.now().getTime() + STASH_MS);
    const meta: Stashed = {
      fields,
      ownerId: opts.ownerId,
      autoStart: opts.autoStart,
      file: file ? { name: file.name.slice(0, 200), contentType: file.contentType } : null,
    };
    if (file) await this.d.blobs.put(`share/${id}/file`, file.bytes, file.contentType, until);
    await this.d.blobs.put(`share/${id}`, Buffer.from(JSON.stringify(meta)), "application/json", until);
    return id;
  }

  /**
   * Opens a shared item once, as `caller`: a share made while signed in is only theirs; one made
   * signed out belongs to whoever signs in with its id (the id is the capability, used once). A
   * file becomes the caller's upload.
   */
  async claim(id: string, caller: Caller): Promise<{ ok: true; value: SharedItem } | Failure> {
    const gone = fail("SHARED_ITEM_NOT_FOUND", undefined, { id });
    if (!STASH_ID.test(id)) return gone;
    const blob = await this.d.blobs.get(`share/${id}`);
    if (!blob || (blob.expiresAt && blob.expiresAt < this.d.now())) return gone;
    const meta = JSON.parse(blob.data.toString("utf8")) as Stashed;
    if (meta.ownerId && meta.ownerId !== caller.id) return gone;
    // Used once: of two tabs opening it, one gets it.
    if (!(await this.d.blobs.delete(`share/${id}`))) return gone;
    const f = meta.fields;
    const base = {
      url: null,
      title: f.title?.trim() || null,
      text: f.text?.trim() || null,
      file: null,
      autoStart: meta.autoStart,
    };
    if (meta.file) {
      const stored = await this.d.blobs.get(`share/${id}/file`);
      await this.d.blobs.delete(`share/${id}/file`);
      if (!stored) return gone;
      const up = await this.d.uploads.create(stored.data, caller.id);
      if (!up.ok) return fail("SHARED_FILE_UNREADABLE", up.message, { name: meta.file.name });
      return {
        ok: true,
        value: {
          ...base,
          kind: "file",
          file: { token: up.value.token, kind: up.value.kind, name: meta.file.name },
        },
      };
    }
    const url = sharedUrl(f);
    if (url) return { ok: true, value: { ...base, kind: "url", url } };
    if (base.text) return { ok: true, value: { ...base, kind: "text" } };
    return { ok: true, value: { ...base, kind: "nothing" } };
  }
}
