// A second Ladle process for reliability tests: `node --import tsx reliabilityChild.ts <mode> <dbUrl> [arg]`.
//   create-and-hang <url>: an API process that inserts a task and then hangs where it would send the
//     job (the parent SIGKILLs it there); prints "inserting" first.
//   breaker <domain,...>: prints, one line per domain, the milliseconds this process sees its circuit open.
import { loadConfig } from "../../src/config.ts";
import { CircuitBreaker } from "../../src/fetcher/circuitBreaker.ts";
import { Ladle } from "../../src/app/ladle.ts";
import { CircuitBreakersRepo } from "../../src/storage/circuitBreakers.repo.ts";
import { openDatabase } from "../../src/storage/db.ts";

const [mode, dbUrl, arg] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl: dbUrl!, poolSize: 2 });
if (mode === "breaker") {
  const breaker = new CircuitBreaker(
    { failureThreshold: 5, failureWindowMs: 600_000, blockDurationMs: 1_800_000 },
    Date.now,
    new CircuitBreakersRepo(database.db),
  );
  for (const domain of arg!.split(",")) process.stdout.write(`${await breaker.blockedFor(domain)}\n`);
  await database.close();
} else if (mode === "create-and-hang") {
  // The fixture site is on loopback, which a task's URL may only name when allowed (checked at create).
  const config = loadConfig({
    env: {},
    file: null,
    overrides: { Server: { LogLevel: "silent" }, Fetch: { AllowPrivateHosts: ["127.0.0.1"] } },
  });
  const ladle = await Ladle.start({ config, database, role: "api" });
  // The task's row is written, then its job is sent in the same transaction: hang there, between.
  ladle.queue!.send = async () => {
    process.stdout.write("inserted\n");
    await new Promise(() => {});
    return null;
  };
  process.stdout.write("inserting\n");
  await ladle.tasks.create({ agentType: "Ingest", payload: { mode: "Url", url: arg! } });
}
