import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FixtureResponse {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export type FixtureRoute = FixtureResponse | ((req: http.IncomingMessage, res: http.ServerResponse) => void);

/** A loopback HTTP server standing in for remote sites. Counts every request it receives. */
export interface FixtureServer {
  url: string;
  origin: string;
  /** Requests received, by path. */
  hits: Map<string, number>;
  /** Total TCP connections accepted. */
  connections: number;
  route(path: string, r: FixtureRoute): void;
  close(): Promise<void>;
}

export async function startFixtureServer(routes: Record<string, FixtureRoute> = {}): Promise<FixtureServer> {
  const table = new Map(Object.entries(routes));
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const r = table.get(path);
    if (!r) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    if (typeof r === "function") return r(req, res);
    res
      .writeHead(r.status ?? 200, { "content-type": "text/html; charset=utf-8", ...r.headers })
      .end(r.body ?? "");
  });
  const state = { connections: 0 };
  server.on("connection", () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: origin + "/",
    origin,
    hits,
    get connections() {
      return state.connections;
    },
    route: (p, r) => void table.set(p, r),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
