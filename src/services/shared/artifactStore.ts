import { gunzipSync, gzipSync } from "node:zlib";
import type { ArtifactRef } from "../../domain/draft.ts";
import type { ArtifactDraft } from "../../pipeline/context.ts";
import { IN_TASK_RESULT, type ArtifactMeta, type ArtifactsRepo } from "../../storage/artifacts.repo.ts";
import type { ArtifactRow } from "../../storage/schema.ts";

/** An artifact's listing entry, as the API returns it. */
export interface ArtifactInfo {
  name: string;
  type: string;
  uri: string;
  contentType: string;
  /** Bytes stored (after compression). */
  size: number;
  /** Bytes before compression and truncation. */
  originalSize: number;
  compressed: boolean;
  truncated: boolean;
  createdAt: string;
}

const EMPTY = Buffer.alloc(0);

/** The spec's artifact URI. */
export function artifactUri(taskId: string, name: string): string {
  return `artifacts/${taskId}/${name}`;
}

/**
 * Fits content under `maxBytes`: stored as is when small enough, gzip-compressed when
 * that is needed and sufficient, else truncated (on a character boundary) until the gzip fits.
 */
export function capArtifact(
  content: string,
  maxBytes: number,
): { data: Buffer; encoding: "identity" | "gzip"; truncated: boolean; originalSize: number } {
  const raw = Buffer.from(content, "utf8");
  if (raw.length <= maxBytes)
    return { data: raw, encoding: "identity", truncated: false, originalSize: raw.length };
  let gz = gzipSync(raw);
  if (gz.length <= maxBytes)
    return { data: gz, encoding: "gzip", truncated: false, originalSize: raw.length };
  let text = content;
  for (let i = 0; i < 8 && gz.length > maxBytes; i++) {
    const keep = Math.floor(text.length * (maxBytes / gz.length) * 0.95);
    text = text.slice(0, keep) + "\n[truncated]";
    gz = gzipSync(Buffer.from(text, "utf8"));
  }
  return { data: gz, encoding: "gzip", truncated: true, originalSize: raw.length };
}

function info(m: ArtifactMeta): ArtifactInfo {
  return {
    name: m.name,
    type: m.type,
    uri: artifactUri(m.task_id, m.name),
    contentType: m.content_type,
    size: m.size,
    originalSize: m.original_size,
    compressed: m.encoding === "gzip",
    truncated: m.truncated,
    createdAt: new Date(m.created_at).toISOString(),
  };
}

/** The last draft of each name, in first-seen order (a re-render may replace an artifact). */
function lastOfEachName(drafts: ArtifactDraft[]): Iterable<ArtifactDraft> {
  return new Map(drafts.map((d) => [d.name, d])).values();
}

/** Artifact store over the artifacts table, applying the size cap. */
export class ArtifactStore {
  private readonly repo: ArtifactsRepo;
  private readonly maxBytes: number;

  constructor(repo: ArtifactsRepo, maxBytes: number) {
    this.repo = repo;
    this.maxBytes = maxBytes;
  }

  async save(taskId: string, drafts: ArtifactDraft[]): Promise<ArtifactRef[]> {
    await this.repo.putMany(this.prepare(drafts).map((r) => ({ ...r, task_id: taskId })));
    return this.refs(taskId, drafts);
  }

  /** The references `save` returns, without saving. */
  refs(taskId: string, drafts: ArtifactDraft[]): ArtifactRef[] {
    return [...lastOfEachName(drafts)].map((d) => ({ type: d.type, uri: artifactUri(taskId, d.name) }));
  }

  /**
   * The rows `save` writes (capped, compressed where needed), for a caller that writes them in its
   * own statement (a task's outcome: TasksRepo.advance).
   */
  prepare(drafts: ArtifactDraft[]): Omit<ArtifactRow, "created_at" | "task_id">[] {
    return [...lastOfEachName(drafts)].map((d) => {
      // Stored once, in the task's result: the row says so and holds no bytes (migration 068).
      if (d.inTaskResult)
        return {
          name: d.name,
          type: d.type,
          content_type: d.contentType,
          encoding: IN_TASK_RESULT,
          size: 0,
          original_size: 0,
          truncated: false,
          data: EMPTY,
        };
      const capped = capArtifact(d.content, this.maxBytes);
      return {
        name: d.name,
        type: d.type,
        content_type: d.contentType,
        encoding: capped.encoding,
        size: capped.data.length,
        original_size: capped.originalSize,
        truncated: capped.truncated,
        data: capped.data,
      };
    });
  }

  async list(taskId: string): Promise<ArtifactInfo[]> {
    return (await this.repo.list(taskId)).map(info);
  }

  /** Content of one artifact; `gzip` true returns stored gzip bytes as they are. */
  async read(
    taskId: string,
    name: string,
    opts: { acceptGzip?: boolean } = {},
  ): Promise<{ info: ArtifactInfo; data: Buffer; encoding: "identity" | "gzip" } | null> {
    const row = await this.repo.get(taskId, name);
    if (!row) return null;
    if (row.encoding === "gzip" && !opts.acceptGzip) {
      return { info: info(row), data: gunzipSync(row.data), encoding: "identity" };
    }
    return { info: info(row), data: row.data, encoding: row.encoding as "identity" | "gzip" };
  }
}
