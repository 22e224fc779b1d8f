// How a bulk job and its entries are shown (API, MCP, CLI, web UI).
import type { CollectionItemRow, CollectionJobRow } from "../../storage/collections.repo.ts";

/** A job as the API shows it. */
export interface CollectionView {
  id: string;
  name: string;
  format: string;
  policy: string;
  status: string;
  total: number;
  done: number;
  counts: {
    imported: number;
    duplicate: number;
    needsReview: number;
    failed: number;
    cancelled: number;
    pending: number;
  };
  createdAt: string;
  updatedAt: string;
}

export function view(j: CollectionJobRow, c: Record<string, number>): CollectionView {
  return {
    id: j.id,
    name: j.name,
    format: j.format,
    policy: j.policy,
    status: j.status,
    total: j.total,
    done: j.done,
    counts: {
      imported: c.imported ?? 0,
      duplicate: c.duplicate ?? 0,
      needsReview: c.needs_review ?? 0,
      failed: c.failed ?? 0,
      cancelled: c.cancelled ?? 0,
      pending: c.pending ?? 0,
    },
    createdAt: new Date(j.created_at).toISOString(),
    updatedAt: new Date(j.updated_at).toISOString(),
  };
}

/** One line of the report. */
export interface ReportEntry {
  seq: number;
  label: string;
  kind: string;
  status: string;
  reason: string | null;
  /** The recipe (kind recipe/url) or bookmark it made. */
  resultId: string | null;
  /** The existing recipe or bookmark it matched. */
  duplicateOf: string | null;
}

export const entryOf = (i: CollectionItemRow): ReportEntry => ({
  seq: i.seq,
  label: i.label,
  kind: i.kind,
  status: i.status,
  reason: i.reason,
  resultId: i.result_id,
  duplicateOf: i.duplicate_of,
});
