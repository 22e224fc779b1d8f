// stub
import type { OpWords } from "./opWordsShape.ts";

export const svOps: OpWords = { fields: {}, ops: {} };
