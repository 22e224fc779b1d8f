// stub
import type { OpWords } from "./opWordsShape.ts";

export const esOps: OpWords = { fields: {}, ops: {} };
