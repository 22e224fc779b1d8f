import { parseArgs } from "node:util";
import { startServer } from "../api/server.ts";
import { loadConfig } from "../config.ts";
import type { Role } from "../app/ladleOptions.ts";
import { reduceMemoryWhenIdle } from "../app/idleMemory.ts";

/** `ladle serve`: API, worker, or both, until SIGINT/SIGTERM. */
export async function serveCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { role: { type: "string", default: "all" }, host: { type: "string" }, port: { type: "string" } },
  });
  const role = values.role as Role;
  if (!["api", "worker", "all"].includes(role)) {
    // The words load only here: `ladle serve` starts without the CLI's catalogues (src/cli/start.ts).
    const { say } = await import("./i18n/cliWords.ts");
    process.stderr.write(`ladle serve: ${say("serveRole")}\n`);
    return 2;
  }
  const config = loadConfig({
    overrides: {
      Server: {
        ...(values.host ? { Host: values.host } : {}),
        ...(values.port ? { Port: values.port as unknown as number } : {}),
      },
    },
  });
  let server;
  try {
    server = await startServer(config, role);
  } catch (err) {
    process.stderr.write(`ladle serve: ${(err as Error).message}\n`);
    return 1;
  }
  // A server process gives back what its busiest moment grew once it falls idle (idleMemory.ts).
  const idle = reduceMemoryWhenIdle({ log: server.ladle.log });
  const signal = await new Promise<string>((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"));
    process.once("SIGTERM", () => resolve("SIGTERM"));
  });
  // Graceful: stop taking requests and jobs, give running jobs Server:ShutdownGraceSeconds, release
  // the rest to other workers, exit. A second signal exits at once.
  const force = () => process.exit(130);
  process.once("SIGINT", force);
  process.once("SIGTERM", force);
  server.ladle.log.info(
    { signal, graceSeconds: config.Server.ShutdownGraceSeconds },
    "shutting down: no new jobs, running ones finish or are released",
  );
  idle.stop();
  await server.stop();
  server.ladle.log.info("stopped");
  return 0;
}
