import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import { RECIPE_LANGUAGES } from "../../domain/recipeLanguage.ts";
import type { OidcFlow } from "../../services/users/index.ts";

// The sign-in flow's cookie is checked here, out of the routes file: it is no request schema
// defineRoute could apply (a base64url JSON cookie the server wrote itself).
const zFlow = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  linkTo: z.string().optional(),
  language: z.enum(RECIPE_LANGUAGES).optional(),
});

export function readFlow(c: Context, cookie: string): OidcFlow | null {
  const raw = getCookie(c, cookie);
  if (!raw) return null;
  try {
    const parsed = zFlow.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
