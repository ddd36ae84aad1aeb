import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a page is sent as it is: compressing would save less than it costs. */
const MIN_BYTES = 1024;

export type Encoding = "br" | "gzip";

/** Which compression the client takes: brotli, else gzip, else none ("q=0" is a refusal). */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
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
 * acceptedEncoding, remembered per header text: browsers send one of a handful of spellings, and
 * parsing one (split, a set, a search per part) was a visible part of a kept page's answer. Any
 * client can send any text, so the memory is small and starts over when full.
 */
const ENCODING_MEMO_SIZE = 64;
const encodingMemo = new Map<string, Encoding | undefined>();
function encodingOf(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (encodingMemo.has(header)) return encodingMemo.get(header);
  const encoding = acceptedEncoding(header);
  if (encodingMemo.size >= ENCODING_MEMO_SIZE) encodingMemo.clear();
  encodingMemo.set(header, encoding);
  return encoding;
}

/**
 * The encoding to send an answer of `length` in: none for a client that takes none, for HEAD (no
 * body to compress) and below MIN_BYTES.
 */
function encodingFor(request: FastifyRequest, length: number): Encoding | undefined {
  if (request.method === "HEAD" || length < MIN_BYTES) return undefined;
  return encodingOf(request.headers["accept-encoding"]);
}

/**
 * An answer that is sent again and again (a visitor's kept page, a kept page of search results):
 * its UTF-8 bytes and its brotli and gzip copies, each made once at a high setting. A copy that is
 * ready is held as bytes, not as a settled promise, so a repeat answer is sent without waiting a
 * turn of the event loop; one that is being made is shared by every request that arrives meanwhile
 * (many visitors come at once).
 */
export class KeptBody {
  private readonly ready: Partial<Record<Encoding, Buffer>> = {};
  private readonly making: Partial<Record<Encoding, Promise<Buffer>>> = {};

  constructor(readonly bytes: Buffer) {}

  copy(encoding: Encoding): Buffer | Promise<Buffer> {
    const ready = this.ready[encoding];
    if (ready) return ready;
    let making = this.making[encoding];
    if (!making) {
      making = (
        encoding === "br"
          ? brotli(this.bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 7 } })
          : gzipAsync(this.bytes, { level: 9 })
      ).then((copy) => {
        this.ready[encoding] = copy;
        delete this.making[encoding];
        return copy;
      });
      making.catch(() => {
        // A failed copy is made again by the next request that wants it.
        if (this.making[encoding] === making) delete this.making[encoding];
      });
      this.making[encoding] = making;
    }
    return making;
  }
}

/**
 * Sends a page compressed when the client accepts it, with `vary` (which must name
 * Accept-Encoding). Pages are answered by the not-found handler, which the compression plugin's
 * per-route hooks do not reach. A kept page (KeptBody) is sent from its copies, synchronously when
 * the copy is ready; a string or bytes made for this answer alone are compressed for it, at a
 * lower setting. Kept pages are bytes, never turned back into a string.
 */
export function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string | Buffer | KeptBody,
  vary = "Accept-Encoding",
): FastifyReply | Promise<FastifyReply> {
  reply.header("vary", vary);
  const whole = html instanceof KeptBody ? html.bytes : html;
  // For a string, characters, not bytes: a text this long in characters is at least as long in bytes.
  const encoding = encodingFor(request, whole.length);
  if (!encoding) return reply.send(whole);
  const body =
    html instanceof KeptBody
      ? html.copy(encoding)
      : encoding === "br"
        ? brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : gzipAsync(html, { level: 6 });
  if (Buffer.isBuffer(body)) return reply.header("content-encoding", encoding).send(body);
  return body.then((bytes) => reply.header("content-encoding", encoding).send(bytes));
}

/** The copies of each kept JSON answer, living as long as the kept bytes themselves. */
const keptJson = new WeakMap<Buffer, KeptBody>();

/**
 * Sends JSON bytes that their domain keeps and sends again (a page of search or match results, a
 * fund's answer, the blog's list): compressed, when the client accepts it, from copies made once per
 * kept answer rather than per request. Left to the compression plugin, every browser's request for
 * a visitor's search (3 KB) was compressed anew and cost the server three times the search itself.
 * Only for bytes the caller keeps: the copies are kept with them (keyed by the very object).
 */
export function sendKeptJson(reply: FastifyReply, bytes: Buffer): FastifyReply | Promise<FastifyReply> {
  reply.type("application/json; charset=utf-8");
  const encoding = encodingFor(reply.request, bytes.length);
  if (!encoding) return reply.send(bytes);
  let kept = keptJson.get(bytes);
  if (!kept) {
    kept = new KeptBody(bytes);
    keptJson.set(bytes, kept);
  }
  const vary = reply.getHeader("vary");
  reply.header("vary", vary ? `${String(vary)}, Accept-Encoding` : "Accept-Encoding");
  const body = kept.copy(encoding);
  if (Buffer.isBuffer(body)) return reply.header("content-encoding", encoding).send(body);
  return body.then(
    (copy) => reply.header("content-encoding", encoding).send(copy),
    // A copy that could not be made: this answer goes out as it is (the next request tries again).
    () => reply.send(bytes),
  );
}
