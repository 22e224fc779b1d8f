import type { Server as HttpServer } from "node:http";
import type { ServerType } from "@hono/node-server";
import { isLoopbackBind, type Config } from "../config.ts";
import { Ladle } from "../app/ladle.ts";
import { type Role } from "../app/ladleOptions.ts";
import { startTelemetry, stopTelemetry } from "../telemetry.ts";

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
  // OpenTelemetry: on only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
  const tracing = await startTelemetry(role);
  const ladle = await Ladle.start({ config, role });
  // Users live in the database (seeded from Auth:Users, added with `ladle users add`).
  const noUsers = role !== "worker" && (await ladle.users.noUsers());
  const log = ladle.log;
  let http: ServerType | null = null;
  let url: string | null = null;
  if (role !== "worker") {
    // Loaded only where HTTP is served: a worker process keeps none of the routes, the web app's
    // catalogues, MCP or the OpenAPI document resident (each process's memory is the install's).
    // @hono/node-server too: loading it replaces the global Request and Response, which compiles
    // Node's own undici (its HTTP/2 and web streams), ~3 MiB a worker process never uses.
    const [{ createApp }, { webBundle }, { serve }] = await Promise.all([
      import("./app.ts"),
      import("../web/buildApp.ts"),
      import("@hono/node-server"),
    ]);
    const app = createApp(ladle);
    // Bundle the web app before the first visitor asks for it (its first screen must be quick).
    await webBundle().catch((e: unknown) => ladle.log.error({ err: e }, "The web app could not be bundled"));
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
      tracing,
      dataDir: ladle.database.kind === "server" ? null : config.Server.DataDir,
    },
    `Ladle ${role} started${url ? ` on ${url}` : ""}`,
  );
  if (noUsers && config.Auth.SinglePerson) {
    log.warn(
      isLoopbackBind(config.Server.Host)
        ? "Single-person mode: nobody signs in; every request acts as the one person of this install."
        : `Single-person mode on ${config.Server.Host}: anyone who can reach this address acts as the one person of this install.`,
    );
  } else if (noUsers) {
    // The first run: from this machine it needs nothing; from elsewhere, this code.
    const { code } = await ladle.household.newSetupCode();
    log.warn(
      { setupCode: code },
      `First run: open ${url ?? "Ladle"} to choose the owner's name and password. From another machine, type the setup code ${code} (valid 24 hours; \`ladle users setup\` prints a new one).`,
    );
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
      // Stop accepting connections; idle keep-alives close now, open streams (SSE) once the
      // worker side has finished or released its jobs.
      const h = http as unknown as HttpServer | null;
      const closed = h ? new Promise<void>((resolve) => h.close(() => resolve())) : Promise.resolve();
      h?.closeIdleConnections();
      await ladle.stop();
      h?.closeAllConnections();
      await closed;
      await stopTelemetry();
    },
  };
}
