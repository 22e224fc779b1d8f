import type { Context } from "hono";
import type { Captures } from "../../services/captures/index.ts";

// Apart from the routes: the app picks the body limit before the family's routes load.
/** The capture route's path: its body limit is the capture's, not the API's JSON limit. */
export const isCapture = (c: Context) => c.req.method === "POST" && c.req.path === "/api/captures";

/** Room for the JSON around a page at its limit (its address, title, escaping of quotes). */
export const captureBodyBytes = ({ captures }: Captures) => Math.ceil(captures.maxBytes() * 1.25) + 64 * 1024;
