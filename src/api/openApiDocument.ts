import type { Ladle } from "../app/ladle.ts";
import { apiDocument } from "./apiDocument.ts";
import { createApp } from "./app.ts";

/**
 * A stand-in for the services, enough to build the routing table: routes reach the services only
 * when they answer, and the few settings read while wiring (limits, flags) are not part of the
 * contract. Any property is another stand-in; as a number or text it is 1.
 */
function wiringOnly(): Ladle {
  const stand = (): unknown =>
    new Proxy(() => stand(), {
      get: (_t, key) => (key === Symbol.toPrimitive ? () => 1 : key === "then" ? undefined : stand()),
    });
  return stand() as Ladle;
}

let cached: Promise<object> | null = null;

/**
 * The OpenAPI document of the app, without a database or a running server (for generators and
 * tests); a running Ladle serves the same document at /api/openapi.json.
 */
export function openApiDocument(): Promise<object> {
  return (cached ??= apiDocument(createApp(wiringOnly())));
}
