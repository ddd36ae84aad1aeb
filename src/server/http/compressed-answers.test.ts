import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { acceptedEncoding, KeptBody, sendKeptJson } from "./compressed-answers.js";

describe("acceptedEncoding", () => {
  it("prefers brotli, then gzip, and respects refusals", () => {
    expect(acceptedEncoding("gzip, deflate, br")).toBe("br");
    expect(acceptedEncoding("gzip")).toBe("gzip");
    expect(acceptedEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(acceptedEncoding("*")).toBe("gzip");
    expect(acceptedEncoding("identity")).toBeUndefined();
    expect(acceptedEncoding("gzip;q=0")).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
    expect(acceptedEncoding("")).toBeUndefined();
  });
});

describe("kept answers", () => {
  const bytes = Buffer.from(
    JSON.stringify({ results: Array.from({ length: 40 }, (_, id) => ({ id, name: `Fund ${id}` })) }),
  );

  it("makes each compressed copy once and hands out that same copy", async () => {
    const kept = new KeptBody(bytes);
    const first = await kept.copy("br");
    const again = kept.copy("br");
    expect(Buffer.isBuffer(again)).toBe(true);
    expect(again).toBe(first);
    expect(brotliDecompressSync(first).equals(bytes)).toBe(true);
    expect(gunzipSync(await kept.copy("gzip")).equals(bytes)).toBe(true);
  });

  it("compresses by itself, without the compression plugin, and only what is worth it", async () => {
    const app = Fastify();
    const small = Buffer.from('{"ok":true}');
    app.get("/kept", (_request, reply) => sendKeptJson(reply, bytes));
    app.get("/small", (_request, reply) => sendKeptJson(reply, small));
    const br = await app.inject({ url: "/kept", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(br.rawPayload).equals(bytes)).toBe(true);
    const head = await app.inject({ method: "HEAD", url: "/kept", headers: { "accept-encoding": "br" } });
    expect(head.headers["content-encoding"]).toBeUndefined();
    const plain = await app.inject({ url: "/kept" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.equals(bytes)).toBe(true);
    const tiny = await app.inject({ url: "/small", headers: { "accept-encoding": "br" } });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    await app.close();
  });
});
