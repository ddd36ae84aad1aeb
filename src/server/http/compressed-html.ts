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

/** Compressed copies of pages that are sent again and again (a visitor's page), by the page's text. */
export type CompressedCopies = WeakMap<object, Partial<Record<"br" | "gzip", Promise<Buffer>>>>;

/**
 * Sends a page compressed when the client accepts it. Pages are answered by the not-found handler,
 * which the compression plugin's per-route hooks do not reach. With `keep` (an object that lives
 * as long as this exact page, and the copies), each compressed form is made once. A kept page
 * comes as UTF-8 bytes: sent or compressed as they are, never turned back into a string.
 */
export async function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string | Buffer,
  keep?: { owner: object; copies: CompressedCopies },
): Promise<FastifyReply> {
  reply.header("vary", reply.getHeader("vary") ? `${reply.getHeader("vary")}, Accept-Encoding` : "Accept-Encoding");
  const encoding = acceptedEncoding(request.headers["accept-encoding"]);
  // For a string, characters, not bytes: a text this long in characters is at least as long in bytes.
  if (!encoding || request.method === "HEAD" || html.length < MIN_BYTES) return reply.send(html);
  // A kept copy, or one being made for another request (many visitors arrive at once), is shared.
  let body = keep?.copies.get(keep.owner)?.[encoding];
  if (!body) {
    body =
      encoding === "br"
        ? brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: keep ? 7 : 4 } })
        : gzipAsync(html, { level: keep ? 9 : 6 });
    if (keep) keep.copies.set(keep.owner, { ...keep.copies.get(keep.owner), [encoding]: body });
  }
  return reply.header("content-encoding", encoding).send(await body);
}
