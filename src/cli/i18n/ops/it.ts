// stub
import type { OpWords } from "./opWordsShape.ts";

export const itOps: OpWords = { fields: {}, ops: {} };
