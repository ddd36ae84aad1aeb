/**
 * Small, valid PDF files written byte by byte for the deck tests (no PDF library needed): `pages`
 * blank pages, an optional comment padding it to an exact size, and an optional encryption
 * dictionary whose user password is not empty (a reader must ask for it, so the deck is refused).
 */
export function pdfBytes(
  options: { pages?: number; padTo?: number; encrypted?: boolean; title?: string } = {},
): Buffer {
  const pages = options.pages ?? 1;
  const objects: string[] = [];
  objects.push("<< /Type /Catalog /Pages 2 0 R >>");
  const kids = Array.from({ length: pages }, (_, index) => `${3 + index} 0 R`).join(" ");
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  for (let index = 0; index < pages; index++) {
    objects.push("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>");
  }
  const infoNumber = objects.length + 1;
  objects.push(`<< /Title (${options.title ?? "Deck"}) >>`);
  let encryptNumber = 0;
  if (options.encrypted) {
    encryptNumber = objects.length + 1;
    const hex32 = "AB".repeat(32);
    objects.push(`<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O <${hex32}> /U <${hex32}> >>`);
  }
  const header = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  let body = header;
  const offsets: number[] = [];
  for (const [index, object] of objects.entries()) {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  }
  if (options.padTo !== undefined) {
    // A comment line before the cross-reference table: readers skip it, the offsets stay right.
    const tail = (xrefAt: number) => trailer(objects.length, offsets, xrefAt, infoNumber, encryptNumber);
    const current = Buffer.byteLength(body, "latin1");
    const probe = tail(current + 1_000_000_000).length;
    const padding = options.padTo - current - probe - 2;
    if (padding < 0) throw new Error("padTo is too small for this PDF");
    body += `%${"x".repeat(padding)}\n`;
  }
  const xrefAt = Buffer.byteLength(body, "latin1");
  let pdf = body + trailer(objects.length, offsets, xrefAt, infoNumber, encryptNumber);
  if (options.padTo !== undefined) {
    // The probe assumed a ten-digit offset; the real one may be shorter, so the comment absorbs the difference.
    const missing = options.padTo - Buffer.byteLength(pdf, "latin1");
    if (missing !== 0) {
      const at = pdf.indexOf("%x");
      pdf = pdf.slice(0, at + 1) + "x".repeat(missing) + pdf.slice(at + 1);
      return pdfBytes.reoffset(Buffer.from(pdf, "latin1"), missing);
    }
  }
  return Buffer.from(pdf, "latin1");
}

function trailer(count: number, offsets: number[], xrefAt: number, info: number, encrypt: number): string {
  const lines = [`xref\n0 ${count + 1}\n0000000000 65535 f \n`];
  for (const offset of offsets) lines.push(`${String(offset).padStart(10, "0")} 00000 n \n`);
  const id = "<0123456789ABCDEF0123456789ABCDEF>";
  const extra = encrypt ? ` /Encrypt ${encrypt} 0 R /ID [${id} ${id}]` : "";
  lines.push(`trailer\n<< /Size ${count + 1} /Root 1 0 R /Info ${info} 0 R${extra} >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  return lines.join("");
}

/** After padding grew by `by` bytes before the xref, the startxref number moves by the same. */
pdfBytes.reoffset = (pdf: Buffer, by: number): Buffer => {
  const text = pdf.toString("latin1");
  const fixed = text.replace(/startxref\n(\d+)\n/, (_, value: string) => {
    const next = String(Number(value) + by);
    return `startxref\n${next}\n`;
  });
  // A longer number would change the size by its extra digits: pad sizes in the tests stay in one digit-count.
  if (fixed.length !== text.length) throw new Error("the padded PDF's xref offset changed length");
  return Buffer.from(fixed, "latin1");
};
