import type { CollectionView, ReportEntry } from "../services/collections/collections.service.ts";
import { cliLanguage, say } from "./i18n/cliWords.ts";
import type { Ladle } from "../app/ladle.ts";
import { ConnectionError, localCaller } from "./executor.ts";

/** What `ladle import-file` starts: a file's bytes, or a live Mealie server. */
export type CollectionSource =
  { kind: "file"; name: string; bytes: Uint8Array } | { kind: "mealie"; server: string; token: string };

export type Policy = "commit_clean" | "review_all";
export interface ExportRequest {
  format: string;
  type?: string | undefined;
}

type Answer<T> = { ok: true; value: T } | { ok: false; code?: string; message: string };

/**
 * Where `ladle import-file` and `ladle export` do their work: Ladle in this process on the
 * configured database, or a running Ladle over its HTTP API (`--server URL --token T`).
 */
export interface CollectionClient {
  readonly where: string;
  start(src: CollectionSource, policy: Policy): Promise<Answer<{ id: string }>>;
  get(id: string): Promise<CollectionView>;
  report(id: string): Promise<ReportEntry[]>;
  export(q: ExportRequest): Promise<Answer<Uint8Array>>;
  close(): Promise<void>;
}

/** Ladle in this process (jobs run here, no queue), acting as `user` or the local admin. */
export async function localCollections(user: string | undefined): Promise<CollectionClient> {
  const { Ladle } = await import("../app/ladle.ts");
  const { loadConfig } = await import("../config.ts");
  const { zExportFormat, zExportType } = await import("../services/collections/exportCollection.ts");
  const config = loadConfig({ overrides: { Server: { LogLevel: "warn" } } });
  const ladle: Ladle = await Ladle.start({ config, queue: false, role: "api" });
  let caller;
  try {
    caller = await localCaller(ladle, user);
  } catch (err) {
    await ladle.stop();
    throw err;
  }
  const svc = ladle.collections;
  return {
    where: "this machine's database",
    async start(src, policy) {
      const r =
        src.kind === "mealie"
          ? await svc.startMealie(caller, { server: src.server, token: src.token }, policy)
          : await svc.startFile(caller, { name: src.name, bytes: src.bytes }, policy);
      return r.ok ? { ok: true, value: { id: r.value.id } } : r;
    },
    async get(id) {
      const v = await svc.get(id, caller);
      if (!v.ok) throw new Error(v.message);
      return v.value;
    },
    async report(id) {
      const r = await svc.report(id, caller);
      return r.ok ? r.value : [];
    },
    async export(q) {
      const out = await ladle.exportCollection(caller, {
        lang: cliLanguage(),
        format: zExportFormat.parse(q.format),
        ...(q.type ? { type: zExportType.parse(q.type) } : {}),
      });
      return out.ok ? { ok: true, value: out.value.bytes } : out;
    },
    close: () => ladle.stop({ graceMs: 2000 }),
  };
}

/** A running Ladle over HTTP: `POST /api/collections`, its job and report, and the export. */
export function remoteCollections(server: string, token: string | undefined): CollectionClient {
  const base = server.replace(/\/+$/, "");
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, { ...init, headers: { ...auth, ...(init.headers ?? {}) } });
    } catch (err) {
      throw new ConnectionError(say("cannotReach", { url: base, why: (err as Error).message }));
    }
    if (res.status === 401) throw new ConnectionError(say("refusedToken", { server: base }));
    return res;
  };
  const failure = async (res: Response): Promise<{ ok: false; code?: string; message: string }> => {
    const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
    return {
      ok: false,
      ...(body?.code ? { code: body.code } : {}),
      message: body?.message ?? `HTTP ${res.status}`,
    };
  };
  const json = async <T>(path: string): Promise<T> => {
    const res = await call(path);
    if (!res.ok) throw new Error((await failure(res)).message);
    return (await res.json()) as T;
  };
  return {
    where: base,
    async start(src, policy) {
      const res =
        src.kind === "mealie"
          ? await call("/api/collections", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ mealie: { server: src.server, token: src.token }, policy }),
            })
          : await call(`/api/collections?${new URLSearchParams({ policy, name: src.name })}`, {
              method: "POST",
              headers: { "content-type": "application/octet-stream" },
              body: src.bytes as Uint8Array<ArrayBuffer>,
            });
      if (res.status !== 202) return failure(res);
      return { ok: true, value: { id: ((await res.json()) as CollectionView).id } };
    },
    get: (id) => json<CollectionView>(`/api/collections/${encodeURIComponent(id)}`),
    report: async (id) =>
      (await json<{ entries: ReportEntry[] }>(`/api/collections/${encodeURIComponent(id)}/report`)).entries,
    async export(q) {
      const res = await call(
        `/api/collections/export?${new URLSearchParams({ format: q.format, lang: cliLanguage(), ...(q.type ? { type: q.type } : {}) })}`,
      );
      if (!res.ok) return failure(res);
      return { ok: true, value: new Uint8Array(await res.arrayBuffer()) };
    },
    close: async () => undefined,
  };
}
