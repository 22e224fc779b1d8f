import { createRequire } from "node:module"; const require = createRequire(import.meta.url); const fr = require("/tmp/mem-measure/fp.cjs");
const { CronExpressionParser } = await import("cron-parser");
console.log("before", fr());
CronExpressionParser.parse("*/5 * * * *", { tz: "UTC" }).next();
console.log("cron UTC", fr());
CronExpressionParser.parse("*/5 * * * *").next();
console.log("cron local", fr());
new Date().toLocaleString();
console.log("toLocaleString", fr());
