import type { Context } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { streamSSE } from "hono/streaming";
import { zStartCollectionJson } from "./collections.openapi.ts";
import { zCommitPolicy, type CollectionView } from "../../services/collections.service.ts";
import { exportCollection, zExportQuery } from "../../services/exportCollection.ts";
import type { Ladle } from "../../services/ladle.ts";
import type { AuthEnv } from "../auth.ts";
import { sendError, sendFailure } from "../respond.ts";

/** Largest collection file taken in one request (a Paprika export with photos runs to tens of MB). */
export const MAX_COLLECTION_BYTES = 200 * 1024 * 1024;

/** True for the upload route, which applies its own (larger) body limit. */
export const isCollectionUpload = (c: Context) =>
  c.req.method === "POST" && c.req.path === "/api/collections";

const SSE_POLL_MS = 400;
const FINAL = new Set(["completed", "cancelled", "failed"]);

/** Bulk imports of collection files and URL lists, their reports and reviews, and exports (issue 29). */
export function collectionsRoutes(ladle: Ladle): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const svc = () => ladle.collections;

  r.get("/export", async (c) => {
    const q = zExportQuery.safeParse(c.req.query());
    if (!q.success)
      return sendError(
        c,
        "INVALID_REQUEST",
        "Give format=jsonld|paprika|cooklang|html|netscape|json (and type=recipe|article|bookmark).",
      );
    const out = await exportCollection(ladle, c.get("caller"), q.data);
    if (!out.ok) return sendError(c, "INVALID_REQUEST", out.message);
    return c.body(out.value.bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": out.value.contentType,
      "content-disposition": `attachment; filename="${out.value.fileName}"`,
    });
  });

  // Pictures of imported recipes are served where every recipe picture is; old links still work.
  r.get("/images/:id", (c) =>
    c.redirect(`/api/images/recipes/${encodeURIComponent(c.req.param("id"))}`, 301),
  );

  r.post(
    "/",
    bodyLimit({
      maxSize: MAX_COLLECTION_BYTES,
      onError: (c) =>
        sendError(
          c,
          "PAYLOAD_TOO_LARGE",
          `Collection files may be at most ${MAX_COLLECTION_BYTES / 1024 / 1024} MB; split the export.`,
        ),
    }),
    async (c) => {
      const caller = c.get("caller");
      const type = c.req.header("content-type") ?? "";
      const policyParam = zCommitPolicy.safeParse(c.req.query("policy") ?? "commit_clean");
      if (!policyParam.success)
        return sendError(c, "INVALID_REQUEST", "policy is commit_clean or review_all.");
      let res;
      if (type.startsWith("application/json")) {
        const body = zStartCollectionJson.safeParse(await c.req.json().catch(() => null));
        if (!body.success)
          return sendError(
            c,
            "INVALID_REQUEST",
            'Send {"urls": ["https://…"], "policy": "commit_clean"}, {"mealie": {"server": "https://…", "token": "…"}} or a file.',
          );
        res =
          "mealie" in body.data
            ? await svc().startMealie(caller, body.data.mealie, body.data.policy)
            : await svc().startUrls(caller, body.data.urls, body.data.policy);
      } else {
        let bytes: Uint8Array;
        let name = c.req.query("name") ?? "Collection";
        if (type.startsWith("multipart/form-data")) {
          const form = await c.req.parseBody().catch(() => null);
          const f = form?.file;
          if (!(f instanceof File))
            return sendError(
              c,
              "INVALID_REQUEST",
              'Send the file in a multipart field named "file", or as the raw body.',
            );
          bytes = new Uint8Array(await f.arrayBuffer());
          name = f.name || name;
        } else bytes = new Uint8Array(await c.req.arrayBuffer());
        if (!bytes.length) return sendError(c, "INVALID_REQUEST", "The file is empty.");
        res = await svc().startFile(caller, { name, bytes }, policyParam.data);
      }
      if (!res.ok) return sendFailure(c, res);
      const view = await svc().get(res.value.id, caller);
      return c.json(view.ok ? view.value : null, 202);
    },
  );

  r.get("/", async (c) => c.json({ items: await svc().list(c.get("caller")) }));

  r.get("/:id", async (c) => {
    const v = await svc().get(c.req.param("id"), c.get("caller"));
    return v.ok ? c.json(v.value) : sendFailure(c, v);
  });

  r.get("/:id/report", async (c) => {
    const v = await svc().get(c.req.param("id"), c.get("caller"));
    if (!v.ok) return sendFailure(c, v);
    const rep = await svc().report(c.req.param("id"), c.get("caller"));
    return rep.ok ? c.json({ job: v.value, entries: rep.value }) : sendFailure(c, rep);
  });

  r.get("/:id/events", async (c) => {
    const id = c.req.param("id");
    const caller = c.get("caller");
    const first = await svc().get(id, caller);
    if (!first.ok) return sendFailure(c, first);
    return streamSSE(c, async (stream) => {
      let last = "";
      let seq = 0;
      let current: CollectionView = first.value;
      while (!stream.aborted) {
        const key = `${current.status}:${current.done}:${JSON.stringify(current.counts)}`;
        if (key !== last) {
          last = key;
          await stream.writeSSE({
            event: "collection_progress",
            id: String(++seq),
            data: JSON.stringify(current),
          });
        }
        if (FINAL.has(current.status)) break;
        await stream.sleep(SSE_POLL_MS);
        const next = await svc().get(id, caller);
        if (!next.ok) break;
        current = next.value;
      }
    });
  });

  r.post("/:id/cancel", async (c) => {
    const v = await svc().cancel(c.req.param("id"), c.get("caller"));
    return v.ok ? c.json(v.value) : sendFailure(c, v);
  });

  r.post("/:id/commit-clean", async (c) => {
    const v = await svc().commitClean(c.req.param("id"), c.get("caller"));
    return v.ok ? c.json(v.value) : sendFailure(c, v);
  });

  r.get("/:id/items/:seq", async (c) => {
    const v = await svc().draft(c.req.param("id"), Number(c.req.param("seq")), c.get("caller"));
    return v.ok ? c.json(v.value) : sendFailure(c, v);
  });

  r.post("/:id/items/:seq/commit", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { recipe?: unknown } | null;
    const v = await svc().commit(
      c.req.param("id"),
      Number(c.req.param("seq")),
      c.get("caller"),
      body?.recipe,
    );
    return v.ok ? c.json({ recipe: v.value }) : sendFailure(c, v);
  });

  return r;
}
