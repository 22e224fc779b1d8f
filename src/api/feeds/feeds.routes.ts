import { Hono } from "hono";
import { z } from "zod";
import {
  zAddFeedAnswer,
  zAddFeedRequest,
  zFeed,
  zFeedEntries,
  zFeedList,
  zFeedLog,
  zRefreshFeedAnswer,
} from "../../domain/feed.ts";
import type { Feeds } from "../../services/feeds/index.ts";
import type { AuthEnv } from "../auth.ts";
import { defineRoute } from "../defineRoute.ts";
import { err, json, uuidParam } from "../openapiParts.ts";
import { sendFailure } from "../respond.ts";

const zListQuery = z.object({ libraryId: z.string().max(200).optional() });
const zLimitQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).optional() });

/**
 * `/api/feeds`: RSS and Atom feeds a library follows. A feed answers only to members of its
 * library (404 to anyone else, as for one that does not exist); its subscriber and the library's
 * admins remove it or fetch it now.
 */
export function feedsRoutes({ feeds }: Pick<Feeds, "feeds">): Hono<AuthEnv> {
  const r = new Hono<AuthEnv>();

  defineRoute(
    r,
    {
      method: "post",
      path: "/",
      operationId: "addFeed",
      summary: "Follow a feed (or the feed a site's page names); its first fetch starts at once",
      requestBody: { content: { "application/json": { schema: zAddFeedRequest } } },
      responses: {
        "201": json(zAddFeedAnswer, "Subscribed"),
        "200": json(zAddFeedAnswer, "The library follows this feed already; returned unchanged"),
        "400": err("INVALID_FEED"),
        "404": err("LIBRARY_NOT_FOUND"),
        "422": err("NO_FEED_THERE: neither a feed nor a page that names one"),
        "502": err("FEED_UNREACHABLE"),
      },
      invalid: "INVALID_FEED",
    },
    async (c) => {
      const res = await feeds.add(c.get("caller"), c.req.valid("json"));
      if (!res.ok) return sendFailure(c, res);
      c.header("Location", `/api/feeds/${res.value.feed.id}`);
      return c.json(res.value, res.value.created ? 201 : 200);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/",
      operationId: "listFeeds",
      summary: "The feeds of your libraries, each with its status in plain words",
      requestParams: { query: zListQuery },
      responses: { "200": json(zFeedList, "Feeds"), "404": err("LIBRARY_NOT_FOUND") },
    },
    async (c) => {
      const res = await feeds.list(c.get("caller"), c.req.valid("query").libraryId);
      return res.ok ? c.json({ feeds: res.value }) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id",
      operationId: "getFeed",
      summary: "One feed",
      requestParams: { path: uuidParam },
      responses: { "200": json(zFeed, "The feed"), "404": err("FEED_NOT_FOUND") },
    },
    async (c) => {
      const res = await feeds.get(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/log",
      operationId: "getFeedLog",
      summary: "The feed's log: each fetch, its answer, entries seen, new, imported, failed and why",
      requestParams: { path: uuidParam, query: zLimitQuery },
      responses: { "200": json(zFeedLog, "The log, newest fetch first"), "404": err("FEED_NOT_FOUND") },
    },
    async (c) => {
      const res = await feeds.log(c.get("caller"), c.req.param("id"), c.req.valid("query").limit);
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/:id/entries",
      operationId: "listFeedEntries",
      summary: "The feed's entries, newest first, with the articles they became",
      requestParams: { path: uuidParam, query: zLimitQuery },
      responses: { "200": json(zFeedEntries, "Entries"), "404": err("FEED_NOT_FOUND") },
    },
    async (c) => {
      const res = await feeds.entries(c.get("caller"), c.req.param("id"), c.req.valid("query").limit);
      return res.ok ? c.json({ entries: res.value }) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/:id/refresh",
      operationId: "refreshFeed",
      summary: "Fetch the feed now",
      requestParams: { path: uuidParam },
      responses: { "202": json(zRefreshFeedAnswer, "Fetching"), "404": err("FEED_NOT_FOUND") },
    },
    async (c) => {
      const res = await feeds.refresh(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json(res.value, 202) : sendFailure(c, res);
    },
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/:id",
      operationId: "removeFeed",
      summary: "Stop following the feed (the articles it brought stay)",
      requestParams: { path: uuidParam },
      responses: {
        "200": json(z.object({ removed: z.literal(true) }), "Removed"),
        "404": err("FEED_NOT_FOUND"),
      },
    },
    async (c) => {
      const res = await feeds.remove(c.get("caller"), c.req.param("id"));
      return res.ok ? c.json(res.value) : sendFailure(c, res);
    },
  );

  return r;
}
