import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a page is sent as it is: compressing would save less than it costs. */
const MIN_BYTES = 1024;

/** Which compression the client takes: brotli, else gzip, else none ("q=0" is a refusal). */
export function acceptedEncoding(header: string | undefined): "br" | "gzip" | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (name && !(quality && Number(quality.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return undefined;
}

/**
 * Sends a page compressed when the client accepts it. Pages are answered by the not-found handler,
 * which the compression plugin's per-route hooks do not reach.
 */
export async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string): Promise<FastifyReply> {
  reply.header("vary", reply.getHeader("vary") ? `${reply.getHeader("vary")}, Accept-Encoding` : "Accept-Encoding");
  const encoding = acceptedEncoding(request.headers["accept-encoding"]);
  if (!encoding || request.method === "HEAD" || Buffer.byteLength(html) < MIN_BYTES) return reply.send(html);
  const body =
    encoding === "br"
      ? await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : await gzipAsync(html, { level: 6 });
  return reply.header("content-encoding", encoding).send(body);
}
