import { z } from "zod";

/** How a field or a whole recipe was obtained (`ExtractionMethod`, plus Microdata). */
export const zExtractionMethod = z.enum(["JsonLd", "Microdata", "Rdfa", "Heuristic", "Llm"]);
export type ExtractionMethod = z.infer<typeof zExtractionMethod>;

/** One ingredient line. `text` always keeps the original line as found on the page. */
export const zIngredient = z
  .object({
    /** The original line, verbatim (whitespace collapsed). */
    text: z.string(),
    /** Parsed quantity; 0 when unknown or when parsing confidence was low. */
    quantity: z.number().nonnegative(),
    /** Upper bound of a range such as "2-3"; null when not a range. */
    quantityMax: z.number().nonnegative().nullable().default(null),
    /** Unit as written (normalized spelling), null when none or unparsed. */
    unit: z.string().nullable(),
    /** Ingredient name; the whole line when parsing confidence was low. */
    name: z.string(),
    /**
     * What is done to the ingredient ("finely chopped", "softened"), null when nothing is said;
     * also part of `notes`, which keeps every remark for readers that show one.
     */
    preparation: z.string().nullable().optional(),
    /** Preparation notes, parenthetical remarks, hints ("plus more for serving"). */
    notes: z.string().nullable().default(null),
    /** Section heading the line belongs to ("For the sauce"), null when the list has none. */
    section: z.string().nullable().default(null),
    /** True when the line says "optional". */
    optional: z.boolean().default(false),
    /**
     * Parser confidence 0..1: below 0.5 the line was not parsed (the whole line is the name); a
     * parsed line's 0.5..1 is the tagger's certainty, and lines under 0.85 are worth a look.
     */
    confidence: z.number().min(0).max(1).default(1),
    /** Every amount the line states, in order, when it states more than one ("10 tbsp (140 g)"). */
    amounts: z
      .array(
        z.object({
          /** As written ("140 g"). */
          text: z.string(),
          quantity: z.number().nonnegative().nullable(),
          quantityMax: z.number().nonnegative().nullable(),
          unit: z.string().nullable(),
        }),
      )
      .optional(),
    /** The size of the food ("large" in "2 large eggs"). */
    size: z.string().nullable().optional(),
    /** What the ingredient is for ("for the sauce", "for garnish"). */
    purpose: z.string().nullable().optional(),
    /** Remarks other than preparation and purpose ("preferably organic"). */
    comment: z.string().nullable().optional(),
    /** The choices a name offers ("butter or margarine" → butter, margarine). */
    alternatives: z.array(z.string()).optional(),
  })
  .meta({ id: "Ingredient" });
export type Ingredient = z.infer<typeof zIngredient>;

/** One instruction step. */
export const zInstruction = z
  .object({
    text: z.string(),
    /** Section name (schema.org HowToSection) the step belongs to, null when none. */
    section: z.string().nullable().default(null),
    /**
     * The step's own title inside a named section ("Serve the soup" under "To serve as a stew"):
     * a second heading level; absent when the step has none (a titled step outside any section
     * has its title as `section`).
     */
    title: z.string().optional(),
  })
  .meta({ id: "Instruction" });
export type Instruction = z.infer<typeof zInstruction>;

/** Nutrition facts as written on the page, keyed by schema.org NutritionInformation property. */
export const zNutrition = z.record(z.string(), z.string()).meta({ id: "Nutrition" });
export type Nutrition = z.infer<typeof zNutrition>;

/** Provenance of a recipe. */
export const zRecipeSource = z
  .object({
    url: z.url(),
    /** Base64Url(SHA256(NormalizeUrl(url)))[..22] */
    urlHash: z.string().nullable().default(null),
    siteName: z.string().nullable().default(null),
    author: z.string().nullable().default(null),
    /** ISO-8601 UTC time the page was retrieved. */
    retrievedAt: z.iso.datetime({ offset: true }),
    extractionMethod: zExtractionMethod.nullable().default(null),
    licenseHint: z.string().nullable().default(null),
    /** "browser": the cook's own browser sent the page (the server never fetched it). */
    sentFrom: z.literal("browser").optional(),
  })
  .meta({ id: "RecipeSource" });
export type RecipeSource = z.infer<typeof zRecipeSource>;

/**
 * The canonical Recipe, with the fields Ladle keeps besides:
 * original ingredient lines, section names, total time, yield text, category and author.
 * Times and servings are integers; 0 means unknown (a validation warning says so).
 */
export const zRecipe = z
  .object({
    id: z.string().nullable().default(null),
    name: z.string(),
    description: z.string().nullable().default(null),
    ingredients: z.array(zIngredient).default([]),
    instructions: z.array(zInstruction).default([]),
    cuisine: z.string().nullable().default(null),
    dietType: z.string().nullable().default(null),
    prepTimeMinutes: z.number().int().nonnegative().default(0),
    cookTimeMinutes: z.number().int().nonnegative().default(0),
    /** Total time; falls back to prep + cook when the page gives none. */
    totalTimeMinutes: z.number().int().nonnegative().default(0),
    /** Number of servings; 0 when unknown. */
    servings: z.number().int().nonnegative().default(0),
    /** Yield as written ("Makes 24 cookies"), null when none. */
    yield: z.string().nullable().default(null),
    nutrition: zNutrition.nullable().default(null),
    /** schema.org keywords. */
    tags: z.array(z.string()).default([]),
    /** schema.org recipeCategory. */
    category: z.array(z.string()).default([]),
    imageUrl: z.string().nullable().default(null),
    author: z.string().nullable().default(null),
    source: zRecipeSource.nullable().default(null),
  })
  .meta({ id: "Recipe" });
export type Recipe = z.infer<typeof zRecipe>;
/** A recipe as given by a client (defaults not yet applied). */
export type RecipeInput = z.input<typeof zRecipe>;

/** A committed recipe as stored. */
export const zStoredRecipe = zRecipe
  .extend({
    id: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
    /** The task the recipe was committed from, null for recipes created otherwise. */
    taskId: z.string().nullable(),
    /** The recipe's current version (1 at first commit; replaces, edits and restores add versions). */
    version: z.number().int().optional(),
    /** When the recipe was deleted (restorable for `Ingest:RecipeRestoreDays`); null when live. */
    deletedAt: z.iso.datetime({ offset: true }).nullable().optional(),
    /** Warnings raised at commit time (for example a recipe from the same URL already exists). */
    commitWarnings: z.array(z.string()).default([]),
    /** Set when a reviewer committed despite a paraphrase-guardrail error. */
    guardrailOverride: z
      .object({
        acknowledgedBy: z.string().nullable(),
        at: z.iso.datetime({ offset: true }),
        maxContiguousTokenOverlap: z.number().int(),
        maxNgramSimilarity: z.number(),
        details: z.string().nullable(),
      })
      .nullable()
      .default(null),
  })
  .meta({ id: "StoredRecipe" });
export type StoredRecipe = z.infer<typeof zStoredRecipe>;
