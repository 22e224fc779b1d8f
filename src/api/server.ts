import { serve, type ServerType } from "@hono/node-server";
import { isLoopbackBind, type Config } from "../config.ts";
import { Ladle, type Role } from "../services/ladle.ts";
import { createApp } from "./app.ts";

export interface RunningServer {
  ladle: Ladle;
  /** Null for a worker-only process. */
  http: ServerType | null;
  url: string | null;
  stop(): Promise<void>;
}

/**
 * Starts Ladle in this process: the HTTP API (roles api, all) and the worker (roles worker, all).
 * Refuses a non-loopback bind without users, since that would expose an open admin.
 */
export async function startServer(config: Config, role: Role = "all"): Promise<RunningServer> {
  if (role !== "worker" && config.Auth.Users.length === 0 && !isLoopbackBind(config.Server.Host)) {
    throw new Error(
      `Server:Host is ${config.Server.Host} but no Auth:Users are configured; set LADLE_USERS (name:role:token) or bind to 127.0.0.1.`,
    );
  }
  const ladle = await Ladle.start({ config, role });
  const log = ladle.log;
  let http: ServerType | null = null;
  let url: string | null = null;
  if (role !== "worker") {
    const app = createApp(ladle);
    await new Promise<void>((resolve) => {
      http = serve({ fetch: app.fetch, hostname: config.Server.Host, port: config.Server.Port }, (info) => {
        url = `http://${info.family === "IPv6" ? `[${info.address}]` : info.address}:${info.port}`;
        resolve();
      });
    });
  }
  log.info(
    {
      role,
      url,
      database: ladle.database.kind,
      dataDir: ladle.database.kind === "server" ? null : config.Server.DataDir,
    },
    `Ladle ${role} started${url ? ` on ${url}` : ""}`,
  );
  if (role !== "worker" && config.Auth.Users.length === 0) {
    log.warn("No users configured: every request acts as the local admin (loopback bind only).");
  }
  if (config.Fetch.AllowPrivateHosts.length) {
    log.warn(
      { allowPrivateHosts: config.Fetch.AllowPrivateHosts },
      "The fetcher may reach these private hosts.",
    );
  }
  return {
    ladle,
    http,
    url,
    async stop() {
      if (http) await new Promise<void>((resolve) => http!.close(() => resolve()));
      await ladle.stop();
    },
  };
}
