import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
} from "@opentelemetry/api";

/**
 * OpenTelemetry traces across API → queue → worker → gateway. Without an SDK (the default: the
 * exporter is off unless `OTEL_EXPORTER_OTLP_ENDPOINT` is set, see startTelemetry) every call here
 * is the API's no-op and costs nothing; job payloads are left untouched.
 */
const tracer = trace.getTracer("ladle");

/** Key under which a job payload carries its sender's trace context (only when tracing is on). */
export const TRACE_KEY = "__otel";

async function inSpan<T>(span: Span, run: () => Promise<T>): Promise<T> {
  try {
    const out = await run();
    return out;
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
    throw err;
  } finally {
    span.end();
  }
}

/** Runs `fn` in a span of the current trace. */
export function withSpan<T>(
  name: string,
  attributes: Record<string, string | number | boolean>,
  fn: () => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  return tracer.startActiveSpan(name, { kind, attributes }, (span) => inSpan(span, fn));
}

/** A producer span around a send; the payload carries the context when there is one to carry. */
export function traceSend<T>(queue: string, data: object, send: (payload: object) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(
    `send ${queue}`,
    { kind: SpanKind.PRODUCER, attributes: { "messaging.destination.name": queue } },
    (span) =>
      inSpan(span, () => {
        const carrier: Record<string, string> = {};
        propagation.inject(context.active(), carrier);
        return send(Object.keys(carrier).length ? { ...data, [TRACE_KEY]: carrier } : data);
      }),
  );
}

/** A consumer span around a job's handler, child of the sender's span when the payload carries one. */
export function traceJob<T>(queue: string, data: unknown, run: () => Promise<T>): Promise<T> {
  const carrier = (data as Record<string, unknown> | null)?.[TRACE_KEY];
  const parent =
    carrier && typeof carrier === "object"
      ? propagation.extract(ROOT_CONTEXT, carrier as Record<string, string>)
      : ROOT_CONTEXT;
  return tracer.startActiveSpan(
    `process ${queue}`,
    { kind: SpanKind.CONSUMER, attributes: { "messaging.destination.name": queue } },
    parent,
    (span) => inSpan(span, run),
  );
}

let started: { shutdown(): Promise<void> } | null = null;

/**
 * Starts exporting traces when configured, through the standard variables:
 * `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) turns the OTLP/HTTP
 * exporter on, `OTEL_SERVICE_NAME` names the process (default `ladle-<role>`). Without them
 * nothing is loaded and tracing stays the API's no-op. Returns true when tracing is on.
 */
export async function startTelemetry(role: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (started) return true;
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return false;
  if (env.OTEL_SDK_DISABLED === "true") return false;
  // Loaded only when configured: the SDK is not on the request path otherwise.
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import("@opentelemetry/sdk-trace-node"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
    ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": env.OTEL_SERVICE_NAME ?? `ladle-${role}` }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // Registers the async-hooks context manager and the W3C propagator: spans follow awaits, and
  // `traceparent` rides in job payloads from the API to the worker.
  provider.register();
  started = provider;
  return true;
}

/** Flushes and stops the exporter (shutdown). */
export async function stopTelemetry(): Promise<void> {
  await started?.shutdown();
  started = null;
}
