/** One part of a multipart/form-data body: a field, or a file with its name and type. */
export type Part = { name: string; value: string | Buffer; fileName?: string; type?: string };

/** A multipart/form-data body as a browser sends an upload form (the admin's import). */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = "----fundmatch-admin-import";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName !== undefined ? `; filename="${part.fileName}"` : ""}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof part.value === "string" ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
