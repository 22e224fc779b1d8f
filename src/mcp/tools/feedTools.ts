import { z } from "zod";
import { zAddFeedRequest } from "../../domain/feed.ts";
import { defineOp, failed, ok } from "../operation.ts";

const zFeedId = z.string().min(1).max(200).describe("The feed's id (from feed_list or feed_add).");

export const feedTools = [
  defineOp({
    name: "feed_add",
    title: "Follow a feed",
    description:
      "Subscribe one of the user's libraries to an RSS or Atom feed, given the feed's address or a site's page that names its feed. Ladle fetches it at once and then every intervalMinutes; new entries become articles (the newest first, a batch per fetch). Returns the feed (id, title, status in plain words) and whether the library followed it already.",
    input: {
      url: zAddFeedRequest.shape.url,
      libraryId: zAddFeedRequest.shape.libraryId,
      intervalMinutes: zAddFeedRequest.shape.intervalMinutes,
    },
    async run(ctx, input) {
      const res = await ctx.ladle.feeds.add(ctx.caller, input);
      return res.ok ? ok({ ...res.value.feed, alreadyFollowed: !res.value.created }) : failed(res);
    },
  }),

  defineOp({
    name: "feed_list",
    title: "List feeds",
    description:
      "The feeds the user's libraries follow, each with its status in plain words (a failing feed says why), when it was last fetched and how many entries were imported, are waiting or failed.",
    readOnly: true,
    input: { libraryId: z.string().max(200).optional().describe("Only this library's feeds.") },
    async run(ctx, { libraryId }) {
      const res = await ctx.ladle.feeds.list(ctx.caller, libraryId);
      return res.ok ? ok({ feeds: res.value }) : failed(res);
    },
  }),

  defineOp({
    name: "feed_log",
    title: "A feed's log",
    description:
      "A feed's log, newest fetch first: when it was fetched, the site's answer (fetched, unchanged 304, failed), entries seen, new, imported, and each failure with its reason.",
    readOnly: true,
    input: {
      feedId: zFeedId,
      limit: z.number().int().min(1).max(200).default(20).describe("Fetches to show (default 20)."),
    },
    async run(ctx, { feedId, limit }) {
      const res = await ctx.ladle.feeds.log(ctx.caller, feedId, limit);
      return res.ok ? ok(res.value) : failed(res);
    },
  }),

  defineOp({
    name: "feed_refresh",
    title: "Fetch a feed now",
    description: "Fetch a feed now instead of waiting for its next fetch; read the outcome with feed_log.",
    input: { feedId: zFeedId },
    async run(ctx, { feedId }) {
      const res = await ctx.ladle.feeds.refresh(ctx.caller, feedId);
      return res.ok ? ok(res.value) : failed(res);
    },
  }),

  defineOp({
    name: "feed_remove",
    title: "Stop following a feed",
    description:
      "Stop following a feed. The articles it brought stay in the library. Returns {removed: true}.",
    destructive: true,
    input: { feedId: zFeedId },
    async run(ctx, { feedId }) {
      const res = await ctx.ladle.feeds.remove(ctx.caller, feedId);
      return res.ok ? ok({ id: feedId, removed: true }) : failed(res);
    },
  }),
];
