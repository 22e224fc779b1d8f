import { z } from "zod";
import type { JobDefinition } from "../../queue/queue.ts";

/** Payload of an article ingestion job: the media row and which automatic attempt this is (1-based). */
export const zArticleJob = z.object({ mediaId: z.string().uuid(), attempt: z.number().int().positive() });
export type ArticleJob = z.infer<typeof zArticleJob>;

/**
 * One job per media row. Expected failures (fetch, extraction) fail
 * the media row, not the job; pg-boss retries only crashes, and the handler resumes an
 * `extracting` row. Job key: `<mediaId>:<processing_attempts>`, so an attempt is queued once.
 */
export const ARTICLE_JOB: JobDefinition<ArticleJob> = {
  name: "ladle-article",
  schema: zArticleJob,
  options: {
    retryLimit: 2,
    retryDelay: 5,
    retryBackoff: true,
    heartbeatSeconds: 10,
    expireInSeconds: 10 * 60,
    deleteAfterSeconds: 24 * 3600,
  },
};
