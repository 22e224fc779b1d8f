// stub
import type { OpWords } from "./opWordsShape.ts";

export const ptOps: OpWords = { fields: {}, ops: {} };
