// How sure a reading must be: read by the config and the import job, which must not load the OCR
// code itself (tesseract's reader, the fraction re-reader) to know it.

/** The default of Imports:MinOcrConfidence: a reading less sure than this (0..100) is refused. */
export const MIN_OCR_CONFIDENCE = 60;

/** Whether a reading is too unsure to make a recipe of (a PDF's text layer has no confidence). */
export const ocrTooUnsure = (confidence: number | null | undefined, min: number): boolean =>
  typeof confidence === "number" && confidence < min;
