import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The parts of a chat-completion request the tests look at. */
export type ChatRequest = {
  model: string;
  messages: Array<{ role: string; content: string }>;
  temperature?: number;
};

export type LlmPeerBehaviour =
  | { kind: "answer"; content: string }
  | { kind: "fail"; status: number }
  /** Holds the request until the client gives up. */
  | { kind: "hang" };

export type LlmPeer = {
  /** http://127.0.0.1:<port>/v1, for LLM_BASE_URL. */
  baseUrl: string;
  /** Every chat-completion request, in order. */
  requests: Array<{ headers: IncomingHttpHeaders; body: ChatRequest }>;
  behaviour: LlmPeerBehaviour;
  /** Resolves once `count` held requests have been given up by their client. */
  abandoned(count: number): Promise<void>;
  close(): Promise<void>;
};

export const LLM_PEER_KEY = "sk-test-peer-secret-0f1e2d";

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

/**
 * An OpenAI-compatible chat endpoint as a real HTTP server on a free loopback port: POST
 * /v1/chat/completions answers in OpenAI's response shape with `behaviour`'s markdown, fails with
 * its status, or hangs. It checks the bearer key as the real API does.
 */
export async function startLlmPeer(
  initial: LlmPeerBehaviour = { kind: "answer", content: "# Post\n\nText." },
): Promise<LlmPeer> {
  const requests: LlmPeer["requests"] = [];
  let abandonedCount = 0;
  const waiters = new Set<() => void>();
  let counter = 0;

  const peer: Omit<LlmPeer, "baseUrl" | "close"> = {
    requests,
    behaviour: initial,
    abandoned: (count) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (abandonedCount < count) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
  };

  const server = createServer(async (req, res) => {
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      return json(res, 404, { error: { message: "Unknown endpoint", type: "invalid_request_error" } });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: ChatRequest;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest;
    } catch {
      return json(res, 400, { error: { message: "Invalid JSON", type: "invalid_request_error" } });
    }
    requests.push({ headers: req.headers, body });
    if (req.headers.authorization !== `Bearer ${LLM_PEER_KEY}`) {
      return json(res, 401, { error: { message: "Incorrect API key provided", type: "invalid_request_error" } });
    }
    const behaviour = peer.behaviour;
    if (behaviour.kind === "hang") {
      res.once("close", () => {
        abandonedCount += 1;
        for (const wake of waiters) wake();
      });
      return;
    }
    if (behaviour.kind === "fail") {
      return json(res, behaviour.status, {
        error: { message: `The peer was told to fail with ${behaviour.status}`, type: "server_error", code: null },
      });
    }
    counter += 1;
    return json(res, 200, {
      id: `chatcmpl-peer-${counter}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: behaviour.content, refusal: null },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return Object.assign(peer, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  });
}
