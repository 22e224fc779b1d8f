#!/usr/bin/env node
// `node bin/withOwnNode.js COMMAND [ARGS...]`: what every npm script runs through, so `npm test`,
// `npm run bench` and the rest run on Node 24 on a machine whose Node is older (see ownNode.js).
// COMMAND is found on PATH, where the own Node comes first; `node` means that Node itself.
import { OwnNodeError, ownNode } from "./ownNode.js";
import { runForeground } from "./runForeground.js";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write("usage: node bin/withOwnNode.js COMMAND [ARGS...]\n");
  process.exit(2);
}
let node;
try {
  node = ownNode();
} catch (err) {
  if (!(err instanceof OwnNodeError)) throw err;
  process.stderr.write(`ladle: ${err.message}\n`);
  process.exit(1);
}
runForeground(command === "node" ? node.execPath : command, args, node.env);
