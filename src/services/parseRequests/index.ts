import { PARSE_REAPER_QUEUE, PARSE_REQUEST_JOB } from "./parseRequestJobs.ts";
import type { JobDefinition } from "../../queue/jobTypes.ts";
import type { WorkerJob } from "../../queue/workerJob.ts";
import { ParseRequestsRepo } from "../../storage/parseRequests.repo.ts";
import type { Base } from "../shared/base.ts";
import type { Shared } from "../shared/index.ts";
import { ParseRequestService } from "./parseRequests.service.ts";

/** Parse requests: cached URL → recipe with in-flight dedup. */
export function createParseRequests(
  { config, database, queue, now, log }: Base,
  deps: { shared: Pick<Shared, "pipelineContext" | "dropExpiredFetches"> },
) {
  const { pipelineContext } = deps.shared;
  const parseRequests: ParseRequestService = new ParseRequestService(
    config,
    new ParseRequestsRepo(database.db),
    async (requestId, owner) => {
      if (queue) await queue.send(PARSE_REQUEST_JOB, { requestId }, { key: requestId, owner });
      // Without a queue (one-shot CLI) the request is parsed in this process, in the background.
      else
        void parseRequests.process(requestId, pipelineContext()).catch((err: unknown) => {
          log.error({ err, requestId }, "parse request crashed");
        });
    },
    now,
    log,
  );
  /** The parse-request reaper, and expired shared-fetch results dropped. */
  const reapParseRequests = async (): Promise<void> => {
    await parseRequests.reap();
    await deps.shared.dropExpiredFetches();
  };
  const jobs: WorkerJob[] = [
    {
      definition: PARSE_REQUEST_JOB as JobDefinition<never>,
      start: (q) =>
        q.work(PARSE_REQUEST_JOB, config.Server.WorkerConcurrency, ({ requestId }, job) =>
          parseRequests.process(requestId, pipelineContext(job.signal)),
        ),
    },
    {
      start: (q) =>
        q.workPeriodic(
          PARSE_REAPER_QUEUE,
          `*/${config.ParseRequests.ReaperIntervalMinutes} * * * *`,
          reapParseRequests,
        ),
    },
  ];
  return { parseRequests, reapParseRequests, jobs };
}

/** What the family hands the composition root: its services and its jobs. */
export type ParseRequests = ReturnType<typeof createParseRequests>;
