import { createHash } from "node:crypto";
import { z } from "zod";
import { extractJson } from "../../llm/llm.service.ts";
import type { LlmClient } from "../../llm/llmClient.ts";
import { zLlmRecipe, type LlmRecipe } from "../../llm/llmRecipe.ts";
import type { LlmRepo } from "../../storage/llm.repo.ts";

const PHASE = "Import.Vision";
const SYSTEM =
  "You read photos of recipes, printed or handwritten, and transcribe the recipe as JSON. Copy the " +
  "words you see; do not invent quantities, steps or a title that are not in the picture. Set " +
  "isRecipe to false when the picture shows no recipe.";
const sha = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");

/** A recipe read from a photo by a vision model, as text for the text reader. */
export type VisionResult = { ok: true; text: string; cached: boolean } | { ok: false; message: string };

/** The recipe as plain text with headings, so the one extraction core parses it like any text. */
export function recipeAsText(r: LlmRecipe): string {
  return [
    r.name,
    "",
    "Ingredients",
    ...r.ingredients.map(
      (i) => `- ${i.text.trim() || [i.quantity || "", i.unit ?? "", i.name].join(" ").trim()}`,
    ),
    "",
    "Method",
    ...r.instructions.map((s, n) => `${n + 1}. ${s.trim()}`),
  ].join("\n");
}

/**
 * Reads a photo with a vision-capable provider (Imports:VisionProvider). Answers are cached by
 * (provider, model, image bytes), so a retried job never pays for the same photo twice.
 */
export class VisionReader {
  private readonly client: LlmClient;
  private readonly repo: LlmRepo;

  constructor(client: LlmClient, repo: LlmRepo) {
    this.client = client;
    this.repo = repo;
  }

  async read(image: Buffer, jobId: string): Promise<VisionResult> {
    const key = sha(JSON.stringify([PHASE, "v1", this.client.name, this.client.model, sha(image)]));
    let text: string;
    let cached = false;
    const hit = await this.repo.cached(key);
    if (hit) {
      text = hit.response;
      cached = true;
    } else {
      // At most 1600 px on the long side, JPEG: what a model needs, and a bounded request.
      const { default: sharp } = await import("sharp");
      const jpeg = await sharp(image)
        .rotate()
        .resize({ width: 1600, height: 1600, fit: "inside", withoutEnlargement: true })
        .jpeg({ quality: 85 })
        .toBuffer();
      const res = await this.client.chat({
        system: SYSTEM,
        user: "Transcribe the recipe in this photo.",
        schema: z.toJSONSchema(zLlmRecipe) as Record<string, unknown>,
        schemaName: "Import_Vision",
        images: [`data:image/jpeg;base64,${jpeg.toString("base64")}`],
      });
      if (!res.ok) return { ok: false, message: res.message };
      await this.repo.recordUsage({
        taskId: jobId,
        phase: PHASE,
        provider: this.client.name,
        model: res.model,
        promptTokens: res.promptTokens,
        completionTokens: res.completionTokens,
        cached: false,
      });
      text = res.text;
    }
    let parsed: LlmRecipe;
    try {
      const r = zLlmRecipe.safeParse(extractJson(text));
      if (!r.success)
        return { ok: false, message: "The vision model's answer is not a recipe in the expected shape." };
      parsed = r.data;
    } catch {
      return { ok: false, message: "The vision model did not answer with JSON." };
    }
    if (!hit) await this.repo.store(key, text, 0, 0);
    if (!parsed.isRecipe || (!parsed.ingredients.length && !parsed.instructions.length))
      return { ok: false, message: "The vision model found no recipe in the photo." };
    return { ok: true, text: recipeAsText(parsed), cached };
  }
}
