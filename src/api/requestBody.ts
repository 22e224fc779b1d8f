import type { Context } from "hono";

const utf8 = new TextDecoder();

/**
 * Whether the request carries a body, without materializing one. On the Node server the request
 * is @hono/node-server's lightweight object: touching `c.req.raw.body` builds a full fetch Request
 * around the socket (a web stream), which cost more CPU per create than the route's own work.
 */
export function hasRequestBody(c: Context): boolean {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD") return false;
  if ((c.env as { incoming?: unknown } | undefined)?.incoming) {
    const length = c.req.header("content-length");
    return (length !== undefined && length !== "0") || c.req.header("transfer-encoding") !== undefined;
  }
  return c.req.raw.body !== null;
}

/**
 * The request's body bytes, read once and shared by the guards, the idempotency check and the
 * route: they sit in Hono's body cache, which `c.req.text()`, `json()`, `arrayBuffer()` and
 * `parseBody()` answer from. The bytes go first (form data is parsed from them, never from text),
 * the text beside them, decoded as the fetch API's `text()` decodes (UTF-8, BOM dropped).
 * Before, each reader cloned the request (a stream tee each) or read a clone of it.
 */
export function requestBytes(c: Context): Promise<ArrayBuffer> {
  // Hono keeps promises there (its type says the values).
  const cache = c.req.bodyCache as unknown as { arrayBuffer?: Promise<ArrayBuffer>; text?: Promise<string> };
  if (cache.arrayBuffer) return cache.arrayBuffer;
  // Already read in another form by someone else: Hono converts from that.
  if (Object.keys(cache).length) return c.req.arrayBuffer();
  // On the Node server this reads the socket directly, no fetch Request built.
  const bytes = c.req.raw.arrayBuffer();
  const text = bytes.then((b) => utf8.decode(b));
  // A reader of one form only must not leave the other's failure (client gone) unhandled.
  bytes.catch(() => undefined);
  text.catch(() => undefined);
  cache.arrayBuffer = bytes;
  cache.text = text;
  return bytes;
}

/** The request's body as text (UTF-8), read once (see `requestBytes`). */
export function requestText(c: Context): Promise<string> {
  void requestBytes(c);
  return c.req.text();
}
