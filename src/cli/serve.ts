import { parseArgs } from "node:util";
import { startServer } from "../api/server.ts";
import { loadConfig } from "../config.ts";
import type { Role } from "../services/ladle.ts";

/** `ladle serve`: API, worker, or both, until SIGINT/SIGTERM. */
export async function serveCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { role: { type: "string", default: "all" }, host: { type: "string" }, port: { type: "string" } },
  });
  const role = values.role as Role;
  if (!["api", "worker", "all"].includes(role)) {
    process.stderr.write(`ladle serve: --role must be api, worker or all\n`);
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
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  server.ladle.log.info("shutting down");
  await server.stop();
  return 0;
}
