import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The `Ladle-Signature` header, Stripe's shape: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
 * with the webhook's secret. The timestamp is signed with the body, so a receiver that rejects old
 * timestamps cannot be replayed an intercepted delivery later; each attempt signs afresh.
 */
export function signWebhook(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

/**
 * What a receiver does (and what docs/api.md shows): recompute the HMAC over "<t>.<raw body>",
 * compare in constant time, and refuse timestamps older than `toleranceSeconds`.
 */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string,
  now: Date = new Date(),
  toleranceSeconds = 300,
): boolean {
  const parts = Object.fromEntries(
    header.split(",").map((p) => {
      const at = p.indexOf("=");
      return [p.slice(0, at).trim(), p.slice(at + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "")) return false;
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1!, "hex"));
}

/** A new signing secret: 32 random bytes, prefixed so people recognise it in their settings. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}
