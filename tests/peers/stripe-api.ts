import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { StripeEmulator } from "../../src/server/billing/stripe-emulator/emulator.js";
import { MemoryStore } from "../../src/server/billing/stripe-emulator/memory-store.js";

export type StripePeer = {
  baseUrl: string;
  host: string;
  port: number;
  emulator: StripeEmulator;
  /** Every event the emulator emitted, in order; tests sign and post them to the app themselves. */
  events: Stripe.Event[];
  close(): Promise<void>;
};

/** The Stripe API as a real HTTP peer on loopback, for the app's Stripe mode in tests. */
export async function startStripePeer(options: { now?: () => number } = {}): Promise<StripePeer> {
  const events: Stripe.Event[] = [];
  const emulator = new StripeEmulator({
    store: new MemoryStore(),
    ...(options.now && { now: options.now }),
    onEvent: (event) => {
      events.push(event);
    },
  });
  const server = createServer((req, res) => {
    handle(emulator, req, res).catch((error: unknown) => {
      res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = "127.0.0.1";
  return {
    baseUrl: `http://${host}:${port}`,
    host,
    port,
    emulator,
    events,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps connections alive; they would hold close() open.
        server.closeAllConnections();
      }),
  };
}

/** An SDK client talking to the peer, as the app's Stripe mode would with STRIPE_API_BASE_URL set. */
export function stripeClientFor(peer: Pick<StripePeer, "host" | "port">, apiKey = "sk_test_peer"): Stripe {
  return new Stripe(apiKey, { host: peer.host, port: peer.port, protocol: "http", maxNetworkRetries: 0 });
}

async function handle(emulator: StripeEmulator, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const method = req.method ?? "GET";
  const request = new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`, {
    method,
    headers,
    ...(method !== "GET" && method !== "HEAD" && { body: Buffer.concat(chunks) }),
  });
  const response = await emulator.fetch(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}
