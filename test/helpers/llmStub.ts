import http from "node:http";
import type { AddressInfo } from "node:net";

/** A chat-completions request as the stub saw it. */
export interface StubRequest {
  phase: "extract" | "repairjson" | "paraphrase" | "normalize" | "unknown";
  body: any;
  system: string;
  user: string;
}

export type StubReply =
  | { content: string; promptTokens?: number; completionTokens?: number }
  | { status: number; error: string }
  | { delayMs: number; content?: string };

/**
 * A loopback OpenAI-compatible server (POST /v1/chat/completions with usage), standing in for an
 * LLM. `reply` decides each answer from the request; every request is recorded.
 */
export async function startLlmStub(reply: (req: StubRequest, n: number) => StubReply) {
  const requests: StubRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      if (req.url !== "/v1/chat/completions") return res.writeHead(404).end();
      const body = JSON.parse(raw);
      const system: string = body.messages?.find((m: any) => m.role === "system")?.content ?? "";
      const user: string = body.messages?.find((m: any) => m.role === "user")?.content ?? "";
      const phase: StubRequest["phase"] = system.includes("repair JSON")
        ? "repairjson"
        : system.includes("rewrite recipe text")
          ? "paraphrase"
          : system.includes("normalize")
            ? "normalize"
            : system.includes("recipe as JSON")
              ? "extract"
              : "unknown";
      const r: StubRequest = { phase, body, system, user };
      requests.push(r);
      const out = reply(r, requests.length);
      const send = (content: string, p = 100, c = 50) =>
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
            usage: { prompt_tokens: p, completion_tokens: c, total_tokens: p + c },
          }),
        );
      if ("status" in out)
        return res
          .writeHead(out.status, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: out.error } }));
      if ("delayMs" in out) {
        const t = setTimeout(() => send(out.content ?? "{}"), out.delayMs);
        res.on("close", () => clearTimeout(t));
        return;
      }
      send(out.content, out.promptTokens, out.completionTokens);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
