import type { JobDefinition } from "../../queue/jobTypes.ts";
import { WEBHOOK_DELIVERY_JOB } from "./webhookJob.ts";
import type { WorkerJob } from "../../queue/workerJob.ts";
import { WebhooksRepo } from "../../storage/webhooks.repo.ts";
import type { Base } from "../shared/base.ts";
import type { Shared } from "../shared/index.ts";
import type { UsersService } from "../users/index.ts";
import { WebhookDelivery } from "./webhookDelivery.ts";
import { WebhookService } from "./webhooks.service.ts";

/** What the HTTP adapters use of this family besides its factory. */
export { issueWords } from "./webhooks.service.ts";

/** Webhooks: subscriptions, and their delivery on the queue. */
export function createWebhooks(
  { config, database, queue, now, log }: Base,
  deps: { shared: Pick<Shared, "gateway">; users: UsersService },
) {
  const repo = new WebhooksRepo(database.db);
  // Webhooks post through the gateway's single attempt: address policy and pinning, no robots.txt.
  const webhookDelivery = new WebhookDelivery({
    config,
    db: database.db,
    repo,
    health: database.health,
    queue,
    log,
    now,
    post: (url, init) => deps.shared.gateway.once(url, init),
  });
  const webhooks = new WebhookService({
    config,
    db: database.db,
    repo,
    delivery: webhookDelivery,
    now,
    libraryRole: (u, l) => deps.users.libraryRole(u, l),
    runNow: queue ? null : (id) => void webhookDelivery.attempt({ deliveryId: id }).catch(() => undefined),
  });
  const jobs: WorkerJob[] = [
    {
      definition: WEBHOOK_DELIVERY_JOB as JobDefinition<never>,
      start: (q) => webhookDelivery.work(q, config.Server.WorkerConcurrency),
    },
  ];
  return { webhooks, webhookDelivery, jobs };
}

/** What the family hands the composition root: its services and its jobs. */
export type Webhooks = ReturnType<typeof createWebhooks>;
