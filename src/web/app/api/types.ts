// Names for the API's declared shapes (generated in schema.gen.ts), as screens use them.
import type { components, paths } from "./schema.gen.ts";

type S = components["schemas"];
export type Person = S["Person"];
export type ApiToken = S["ApiToken"];
export type Library = S["Library"];
export type LibraryMember = S["LibraryMember"];
/** A stored recipe as GET /api/recipes/{id} answers it (with the kitchen engine's lines when asked). */
export type Recipe = S["RecipeAnswer"];
/** A task (an import, a tidy-up) as GET /api/tasks/{id} answers it. */
export type Task = S["TaskState"];

type Json<R> = R extends { content: { "application/json": infer B } } ? B : never;
type Responses<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses: infer R;
}
  ? R
  : never;

/** The JSON body of a route's success answer (200 or 201): `OkBody<"/api/plans", "get">`. */
export type OkBody<P extends keyof paths, M extends keyof paths[P]> =
  Responses<P, M> extends { 200: infer R }
    ? Json<R>
    : Responses<P, M> extends { 201: infer R }
      ? Json<R>
      : never;

/** The JSON body a route takes: `ReqBody<"/api/plans", "post">`. */
export type ReqBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: infer B;
}
  ? Json<NonNullable<B>>
  : never;
/** A feed a library follows, with its status in plain words. */
export type Feed = S["Feed"];
/** One fetch of a feed, as its log shows it. */
export type FeedRun = S["FeedRun"];
/** An entry of a feed and the article it became. */
export type FeedEntry = S["FeedEntry"];
