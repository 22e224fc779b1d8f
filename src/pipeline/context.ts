import type { Config } from "../config.ts";
import type { GatewayResult, RenderMode } from "../fetcher/gateway.ts";

/** What a phase may use. Phases know nothing of HTTP or the queue. */
export interface PipelineContext {
  config: Config;
  /** The egress gateway bound to the configured policy. */
  fetch(url: string, opts?: { signal?: AbortSignal; render?: RenderMode }): Promise<GatewayResult>;
  now(): Date;
  /** Called when a phase starts or finishes, for progress reporting. */
  onPhase?(
    phase: string,
    state: "started" | "completed",
    info?: Record<string, unknown>,
  ): Promise<void> | void;
}

/** A produced artifact before storage (capping and compression happen in the store). */
export interface ArtifactDraft {
  name: string;
  /** Spec artifact type, e.g. "snapshot.text". */
  type: string;
  contentType: string;
  content: string;
}
