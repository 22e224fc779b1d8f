import type { RecipeDraft } from "../domain/draft.ts";
import type { Failure } from "../errors.ts";
import type { GuardrailResult } from "../guardrail/paraphraseGuardrail.ts";
import type { ArtifactDraft } from "./context.ts";

// What the URL-import phases hand each other; its own file so llmSteps.ts and urlImport.ts both
// name them without importing each other.

/** A fetched HTML page. */
export interface FetchedPage {
  requestedUrl: string;
  url: string;
  status: number;
  contentType: string | null;
  charset: string;
  /** The page's text (decoded on first use when the page came as `body`). */
  readonly html: string;
  /** The fetched bytes, when the page came from the network: extraction decodes them itself. */
  body?: Uint8Array;
  bytes: number;
  redirects: string[];
  retrievedAt: string;
  elapsedMs: number;
  /** True when the HTML came from the browser. */
  rendered: boolean;
}

export type PhaseResult<T> = ({ ok: true } & T) | (Failure & { artifacts?: ArtifactDraft[] });

export interface Extracted {
  draft: Omit<RecipeDraft, "validation" | "artifacts">;
  artifacts: ArtifactDraft[];
  /** The sanitized text snapshot the guardrail compares against. */
  snapshot: string;
  /** The guardrail's verdict on `draft.recipe` as extracted (computed with the extraction). */
  guardrail?: GuardrailResult;
}
