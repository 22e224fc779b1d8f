import { z } from "zod";

/** Lifecycle of a parse request (parse-request-flow.md "ParseRequest State Machine"). */
export const zParseRequestStatus = z.enum(["PENDING", "PROCESSING", "COMPLETED", "FAILED"]);
export type ParseRequestStatus = z.infer<typeof zParseRequestStatus>;

/** `POST /api/parse-requests` body. */
export const zParseRequestSubmit = z
  .object({
    url: z.url({ protocol: /^https?$/, error: "url must be an absolute http(s) URL" }),
  })
  .meta({ id: "ParseRequestSubmit" });

/** One ingredient of a parsed recipe: `{qty, unit, name}` as the document has it, plus the line as written. */
export const zParsedIngredient = z
  .object({
    /** Quantity; null when the line has none or it could not be read. */
    qty: z.number().nullable(),
    unit: z.string().nullable(),
    name: z.string(),
    /** The original line. */
    text: z.string(),
  })
  .meta({ id: "ParsedIngredient" });
export type ParsedIngredient = z.infer<typeof zParsedIngredient>;

/** The cached recipe of a URL. */
export const zParsedRecipe = z
  .object({
    title: z.string().nullable(),
    ingredients: z.array(zParsedIngredient),
    /** When it was parsed (ISO 8601); it is served for `Recipe:Ttl:Days` after that. */
    parsedAt: z.string(),
  })
  .meta({ id: "ParsedRecipe" });
export type ParsedRecipe = z.infer<typeof zParsedRecipe>;

/** 200 answer to a submission: a fresh recipe, no request created. */
export const zParseRecipeHit = z.object({ recipe: zParsedRecipe }).meta({ id: "ParseRecipeHit" });

/** 202 answer to a submission: the in-flight or new request. */
export const zParseRequestAccepted = z
  .object({ requestId: z.string(), status: z.enum(["PENDING", "PROCESSING"]) })
  .meta({ id: "ParseRequestAccepted" });

/** Poll answer: every state; `recipe` when COMPLETED, `error` when FAILED. */
export const zParseRequestState = z
  .object({
    requestId: z.string(),
    status: zParseRequestStatus,
    recipe: zParsedRecipe.optional(),
    error: z.string().optional(),
  })
  .meta({ id: "ParseRequestState" });
export type ParseRequestState = z.infer<typeof zParseRequestState>;

/** Error body of this family: `{error}` as the document has it, with a stable `code` on bad input. */
export const zParseRequestError = z
  .object({ error: z.string(), code: z.string().optional() })
  .meta({ id: "ParseRequestError" });
