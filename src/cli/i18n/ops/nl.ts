// stub
import type { OpWords } from "./opWordsShape.ts";

export const nlOps: OpWords = { fields: {}, ops: {} };
