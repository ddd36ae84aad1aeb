import { open } from "node:fs/promises";
import { fileTypeFromFile } from "file-type";
import { PITCH_TEXTS } from "../../shared/pitches.js";
import { invalid } from "../errors.js";

/** How much of the file pdf.js gets before it asks for ranges (the header and the first objects). */
const INITIAL_BYTES = 64 * 1024;

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjs: Promise<PdfJs> | undefined;
/** pdf.js is loaded on the first deck, not with the server: most processes never read one. */
const loadPdfJs = () => {
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjs;
};

/**
 * Checks an uploaded deck by its bytes, never its name: a PDF by its signature (file-type), then
 * opened with pdf.js for its page count. pdf.js reads the file in ranges from disk (a range
 * transport), so the deck is never loaded whole into memory. A password-protected PDF, or one that
 * cannot be read, is refused with words the founder can act on.
 */
export async function inspectDeck(filePath: string, bytes: number): Promise<{ pages: number }> {
  const type = await fileTypeFromFile(filePath);
  if (type?.mime !== "application/pdf") throw invalid(PITCH_TEXTS.notPdf);
  const { getDocument, PDFDataRangeTransport } = await loadPdfJs();
  const file = await open(filePath, "r");
  try {
    const read = async (begin: number, end: number) => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(end, bytes) - begin));
      await file.read(buffer, 0, buffer.length, begin);
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
    };
    const transport = new PDFDataRangeTransport(bytes, await read(0, Math.min(INITIAL_BYTES, bytes)));
    transport.requestDataRange = (begin: number, end: number) => {
      read(begin, end).then(
        (chunk) => transport.onDataRange(begin, chunk),
        () => transport.abort(),
      );
    };
    const task = getDocument({
      range: transport,
      length: bytes,
      disableAutoFetch: true,
      disableStream: true,
      isEvalSupported: false,
      disableFontFace: true,
      verbosity: 0,
    });
    try {
      const document = await task.promise;
      const pages = document.numPages;
      if (!Number.isInteger(pages) || pages < 1) throw invalid(PITCH_TEXTS.broken);
      return { pages };
    } catch (error) {
      if ((error as Error | undefined)?.name === "PasswordException") throw invalid(PITCH_TEXTS.encrypted);
      if (error instanceof Error && error.name === "DomainError") throw error;
      throw invalid(PITCH_TEXTS.broken);
    } finally {
      await task.destroy();
    }
  } finally {
    await file.close();
  }
}
