import type OpenAI from "openai";
import type * as OpenAiSdk from "openai";
import PQueue from "p-queue";
import type { FetchOptions, FetchResult } from "../fetcher/fetchPage.ts";

export interface ProviderConfig {
  BaseUrl: string;
  ApiKey?: string | undefined;
  Model: string;
  TimeoutMs: number;
  MaxConcurrency: number;
  RequestsPerMinute: number;
  MaxRetries: number;
  StructuredOutput: "json_schema" | "json_object" | "none";
}

export interface ChatRequest {
  system: string;
  user: string;
  /** JSON schema of the expected output. */
  schema: Record<string, unknown>;
  schemaName: string;
  /** Images sent with the user message (data: URLs), for vision-capable models. */
  images?: string[];
}

export type ChatResult =
  | { ok: true; text: string; promptTokens: number; completionTokens: number; model: string }
  | { ok: false; code: "LLM_TIMEOUT" | "LLM_ERROR"; message: string };

/** The gateway's single fetch, as the client's transport (purpose "endpoint"). */
export type EndpointFetch = (url: string, init: Partial<FetchOptions>) => Promise<FetchResult>;

/** A fetch() for the OpenAI SDK that sends everything through the egress gateway. */
function gatewayFetch(send: EndpointFetch, timeoutMs: number): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const res = await send(url, {
      method: init?.method ?? "GET",
      headers,
      ...(typeof init?.body === "string" ? { body: init.body } : {}),
      accept: "application/json",
      maxBytes: 10 * 1024 * 1024,
      totalTimeoutMs: timeoutMs,
      headersTimeoutMs: timeoutMs,
      bodyTimeoutMs: timeoutMs,
      ...(init?.signal ? { signal: init.signal } : {}),
    });
    if (res.ok) return new Response(new Uint8Array(res.body), { status: res.status, headers: res.headers });
    if (res.code === "HTTP_ERROR" && res.status) {
      return new Response(res.snippet ?? "", { status: res.status, headers: res.headers ?? {} });
    }
    const err = new Error(res.reason);
    // The SDK reports an AbortError as a timeout.
    if (res.code === "TIMEOUT") err.name = "AbortError";
    throw err;
  }) as typeof fetch;
}

/** One OpenAI-compatible provider: its concurrency and rate limit, structured output with fallbacks. */
export class LlmClient {
  readonly name: string;
  readonly model: string;
  private readonly cfg: ProviderConfig;
  /** The SDK, loaded on first use: a process with no LLM call never carries it on its heap. */
  private sdk: Promise<{ client: OpenAI; sdk: typeof OpenAiSdk }> | null = null;
  private readonly queue: PQueue;
  private mode: ProviderConfig["StructuredOutput"];
  private readonly send_: EndpointFetch;

  constructor(name: string, cfg: ProviderConfig, send: EndpointFetch) {
    this.name = name;
    this.cfg = cfg;
    this.model = cfg.Model;
    this.mode = cfg.StructuredOutput;
    this.send_ = send;
    this.queue = new PQueue({
      concurrency: cfg.MaxConcurrency,
      interval: 60_000,
      intervalCap: cfg.RequestsPerMinute,
    });
  }

  async chat(req: ChatRequest): Promise<ChatResult> {
    return this.queue.add(() => this.send(req)) as Promise<ChatResult>;
  }

  private openai(): Promise<{ client: OpenAI; sdk: typeof OpenAiSdk }> {
    this.sdk ??= import("openai").then((sdk) => ({
      sdk,
      client: new sdk.default({
        baseURL: this.cfg.BaseUrl,
        apiKey: this.cfg.ApiKey || "not-needed",
        timeout: this.cfg.TimeoutMs,
        maxRetries: this.cfg.MaxRetries,
        fetch: gatewayFetch(this.send_, this.cfg.TimeoutMs),
      }),
    }));
    return this.sdk;
  }

  private async send(req: ChatRequest): Promise<ChatResult> {
    const { client, sdk } = await this.openai();
    const { APIConnectionTimeoutError, APIError } = sdk;
    for (;;) {
      const format =
        this.mode === "json_schema"
          ? {
              response_format: {
                type: "json_schema" as const,
                json_schema: { name: req.schemaName, schema: req.schema, strict: false },
              },
            }
          : this.mode === "json_object"
            ? { response_format: { type: "json_object" as const } }
            : {};
      const schemaHint =
        this.mode === "json_schema"
          ? ""
          : `\n\nAnswer with one JSON object only, matching this JSON schema:\n${JSON.stringify(req.schema)}`;
      try {
        const res = await client.chat.completions.create({
          model: this.cfg.Model,
          temperature: 0,
          messages: [
            { role: "system", content: req.system },
            req.images?.length
              ? {
                  role: "user",
                  content: [
                    { type: "text" as const, text: req.user + schemaHint },
                    ...req.images.map((url) => ({ type: "image_url" as const, image_url: { url } })),
                  ],
                }
              : { role: "user", content: req.user + schemaHint },
          ],
          ...format,
        });
        return {
          ok: true,
          text: res.choices[0]?.message?.content ?? "",
          promptTokens: res.usage?.prompt_tokens ?? 0,
          completionTokens: res.usage?.completion_tokens ?? 0,
          model: res.model || this.cfg.Model,
        };
      } catch (err) {
        // Servers without structured outputs answer 400 about response_format: step down once per mode.
        if (
          err instanceof APIError &&
          err.status === 400 &&
          this.mode !== "none" &&
          /response_format|json_schema|json_object/i.test(String(err.message))
        ) {
          this.mode = this.mode === "json_schema" ? "json_object" : "none";
          continue;
        }
        if (err instanceof APIConnectionTimeoutError || (err as Error).name === "AbortError") {
          return {
            ok: false,
            code: "LLM_TIMEOUT",
            message: `${this.name} did not answer within ${this.cfg.TimeoutMs} ms (after ${this.cfg.MaxRetries + 1} attempts)`,
          };
        }
        const status = err instanceof APIError && err.status ? ` (HTTP ${err.status})` : "";
        return {
          ok: false,
          code: "LLM_ERROR",
          message: `${this.name}${status}: ${(err as Error).message.split("\n")[0]}`,
        };
      }
    }
  }
}
