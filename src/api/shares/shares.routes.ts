import { Hono } from "hono";
import { countIn, durationIn, pageWords } from "../../interop/pageWords.ts";
import { pageUrl, siteName, sourceWords } from "../../interop/writeShared.ts";
import type { RecipeLanguage } from "../../domain/recipeLanguage.ts";
import { requestLanguage } from "../requestLanguage.ts";
import { html, raw } from "hono/html";
import { zCreateShareRequest, zRecipeShare } from "../../domain/kitchen.ts";
import type { StoredRecipe } from "../../domain/recipe.ts";
import type { Kitchen } from "../../services/kitchen/index.ts";
import type { AuthEnv } from "../auth.ts";
import { sendFailure } from "../respond.ts";
import { defineRoute, refuseWith } from "../defineRoute.ts";
import { z } from "zod";
import { err, uuidParam, json } from "../openapiParts.ts";

/** `/api/recipe-shares`: the owner makes, lists and turns off public links to one recipe. */
export function sharesRoutes({ recipeShares }: Pick<Kitchen, "recipeShares">): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();
  const shares = recipeShares;

  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "createRecipeShare",
      summary: "A public read-only link to one of the caller's recipes",
      requestBody: { content: { "application/json": { schema: zCreateShareRequest } } },
      responses: {
        "201": json(zRecipeShare, "Link (shown once)"),
        "400": err("INVALID_REQUEST"),
        "404": err("RECIPE_NOT_FOUND"),
      },
      invalid: refuseWith("INVALID_REQUEST", 'Send {"recipeId": "<recipe id>"}.'),
    },
    async (c) => {
      const req = c.req.valid("json");
      const res = await shares.create(c.get("caller"), req.recipeId);
      return res.ok ? c.json(res.value, 201) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "listRecipeShares",
      summary: "The caller's public links of a recipe",
      requestParams: { query: z.object({ recipeId: z.string().min(1) }) },
      responses: {
        "200": json(z.object({ shares: z.array(zRecipeShare) }), "Links"),
        "400": err("INVALID_REQUEST"),
        "404": err("RECIPE_NOT_FOUND"),
      },
      invalid: refuseWith("INVALID_REQUEST", "Ask with ?recipeId=<recipe id>."),
    },
    async (c) => {
      const res = await shares.list(c.get("caller"), c.req.valid("query").recipeId);
      return res.ok ? c.json({ shares: res.value }) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/:id",
      operationId: "deleteRecipeShare",
      summary: "Turn a public link off",
      requestParams: { path: uuidParam },
      responses: { "200": { description: "Revoked" }, "404": err("SHARE_NOT_FOUND") },
    },
    async (c) => {
      const res = await shares.revoke(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );
  return r;
}

const PAGE_HEADERS = {
  "content-security-policy":
    "default-src 'none'; img-src https: data:; style-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  // A link shared with a friend is not for search engines.
  "x-robots-tag": "noindex, nofollow",
  "cache-control": "no-store",
};

/** The recipe's public page, its own words in the reader's language. */
function page(x: StoredRecipe, lang: RecipeLanguage) {
  const w = pageWords(lang);
  const facts = [
    x.servings ? w.serves(countIn(x.servings, lang)) : null,
    x.totalTimeMinutes ? durationIn(x.totalTimeMinutes, lang) : null,
  ].filter(Boolean);
  // A page's site (or host); a typed, PDF or photo recipe says how it came ("Aus einem PDF"), never
  // its stand-in address.
  const at = pageUrl(x);
  const source = at ? w.from(siteName(x) ?? new URL(at).host) : sourceWords(x, lang);
  const image = x.imageUrl && /^https:\/\//i.test(x.imageUrl) ? x.imageUrl : null;
  return html`<!doctype html>
    <html lang="${lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${x.name}</title>
        <link rel="stylesheet" href="/ui/app.css" />
        <link rel="stylesheet" href="/ui/kitchen.css" />
      </head>
      <body class="shared">
        <main class="recipe-page rx printable">
          <h1>${x.name}</h1>
          ${source ? html`<p class="muted">${source}</p>` : ""}
          ${image ? html`<img class="hero" src="${image}" alt="" referrerpolicy="no-referrer" />` : ""}
          ${x.description ? html`<p>${x.description}</p>` : ""}
          ${facts.length ? html`<p class="facts">${facts.join(" · ")}</p>` : ""}
          <div class="print-columns">
            <section>
              <h2>${w.ingredients}</h2>
              <ul class="ingredients-view">
                ${raw(x.ingredients.map((i) => html`<li>${i.text}</li>`).join(""))}
              </ul>
            </section>
            <section>
              <h2>${w.steps}</h2>
              <ol class="steps-view">
                ${raw(x.instructions.map((s) => html`<li>${s.text}</li>`).join(""))}
              </ol>
            </section>
          </div>
          <p class="muted">${w.sharedReadOnly}</p>
        </main>
      </body>
    </html>`;
}

/** `/shared/{token}`: the public, read-only page of one shared recipe (no sign-in). */
export function sharedPageRoutes({ recipeShares }: Pick<Kitchen, "recipeShares">): Hono {
  const r = new Hono();
  defineRoute(
    r,
    {
      method: "get",
      path: "/shared/:token",
      operationId: "getSharedRecipePage",
      summary: "A recipe's public read-only page, while its link is on",
      security: [],
      requestParams: { path: z.object({ token: z.string() }) },
      responses: { "200": { description: "text/html" }, "404": { description: "Link off or unknown" } },
    },
    async (c) => {
      const res = await recipeShares.open(c.req.param("token"));
      // Nobody is signed in here: the page speaks the reader's browser's language.
      const lang = requestLanguage(c);
      const w = pageWords(lang);
      if (!res.ok)
        return c.html(
          html`<!doctype html>
            <html lang="${lang}">
              <head>
                <meta charset="utf-8" />
                <title>${w.linkOffTitle}</title>
                <link rel="stylesheet" href="/ui/app.css" />
              </head>
              <body>
                <main>
                  <h1>${w.linkOffHeading}</h1>
                  <p>${w.linkOffText}</p>
                </main>
              </body>
            </html>`,
          404,
          PAGE_HEADERS,
        );
      return c.html(page(res.value, lang), 200, { ...PAGE_HEADERS, vary: "Accept-Language" });
    },
  );
  return r;
}
