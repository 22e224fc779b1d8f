import type { Context } from "hono";

// Apart from the routes: the app picks the body limit before the family's routes load.
/** True for the upload route, which applies its own (larger) body limit. */
export const isCollectionUpload = (c: Context) =>
  c.req.method === "POST" && c.req.path === "/api/collections";
