import type { UploadService } from "../imports/index.ts";
import type { Base } from "../shared/base.ts";
import type { Shared } from "../shared/index.ts";
import { ShareTargetService } from "./shareTarget.service.ts";

/** What the HTTP adapters use of this family besides its factory. */
export { zSharedFields, zSharedItem, type SharedFields } from "./shareTarget.service.ts";

/** Capture: what the share target and the bookmarklet hand Ladle, kept until the cook chooses. */
export function createShare({ now }: Base, deps: { shared: Pick<Shared, "blobs">; uploads: UploadService }) {
  return { shareTarget: new ShareTargetService({ blobs: deps.shared.blobs, uploads: deps.uploads, now }) };
}

/** What the family hands the composition root: its services and its jobs. */
export type Share = ReturnType<typeof createShare>;
