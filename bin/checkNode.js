#!/usr/bin/env node
// `npm test`'s pretest: the same clear sentence `npm start` gives on a Node too old for Ladle,
// instead of the first missing API the test runner trips over (Map.groupBy on Node 20).
import { nodeTooOld } from "./requireNode.js";

const tooOld = nodeTooOld(process.versions.node);
if (tooOld) {
  process.stderr.write(`ladle: ${tooOld}\n`);
  process.exit(1);
}
