import type http from "node:http";
import { startFixtureServer, type FixtureServer } from "./fixtureServer.ts";
import { mealieRecipe } from "./interopFixtures.ts";

/** A WEBP file's first bytes (enough for Ladle's picture check). */
export const WEBP = Buffer.from([
  0x52, 0x49, 0x46, 0x46, 0x1a, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4c, 0x0d, 0, 0, 0,
]);

export interface MealieStub extends FixtureServer {
  /** Authorization headers received, by path. */
  auth: Map<string, string | undefined>;
}

/**
 * A loopback server speaking Mealie's documented API shape (v1): `GET /api/recipes?page=&perPage=`
 * (paged: it never gives more than `pageCap` per page, as a server may cap perPage), then
 * `GET /api/recipes/{slug}` and `GET /api/media/recipes/{id}/images/original.webp`. Only
 * `Bearer <token>` is let in. Recipe "broken" answers 500; "no-picture" has no picture.
 */
export async function startMealieStub(token: string, count = 5, pageCap = 2): Promise<MealieStub> {
  const auth = new Map<string, string | undefined>();
  const recipes = Array.from({ length: count }, (_, i) => {
    const slug = i === 1 ? "broken" : i === 2 ? "no-picture" : `dish-${i}`;
    return mealieRecipe({
      id: `0b0c2f8e-0000-4000-8000-00000000010${i}`,
      slug,
      name: i === 1 ? "Broken Dish" : `Dish ${i}`,
      orgURL: `https://mealie-source.test/${slug}`,
    });
  });
  const allowed = (req: http.IncomingMessage, res: http.ServerResponse) => {
    auth.set((req.url ?? "").split("?")[0]!, req.headers.authorization);
    if (req.headers.authorization === `Bearer ${token}`) return true;
    res.writeHead(401, { "content-type": "application/json" }).end('{"detail":"Not authenticated"}');
    return false;
  };
  const json = (res: http.ServerResponse, v: unknown, status = 200) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(v));
  const server = await startFixtureServer({
    "/api/recipes": (req, res) => {
      if (!allowed(req, res)) return;
      const q = new URL(req.url ?? "/", "http://x").searchParams;
      const page = Number(q.get("page") ?? 1);
      const per = Math.min(Number(q.get("perPage") ?? 50), pageCap);
      const items = recipes.slice((page - 1) * per, page * per).map((r) => ({
        id: r.id,
        slug: r.slug,
        name: r.name,
        groupId: r.groupId,
      }));
      json(res, {
        page,
        per_page: per,
        total: recipes.length,
        total_pages: Math.ceil(recipes.length / per),
        items,
        next: null,
        previous: null,
      });
    },
  });
  for (const r of recipes) {
    server.route(`/api/recipes/${String(r.slug)}`, (req, res) => {
      if (!allowed(req, res)) return;
      if (r.slug === "broken") json(res, { detail: "Internal Server Error" }, 500);
      else json(res, r);
    });
    if (r.slug !== "no-picture")
      server.route(`/api/media/recipes/${String(r.id)}/images/original.webp`, (req, res) => {
        if (!allowed(req, res)) return;
        res.writeHead(200, { "content-type": "image/webp" }).end(WEBP);
      });
  }
  return Object.assign(server, { auth });
}
