import { createInflateRaw } from "node:zlib";

/**
 * The bounds of an .xlsx upload before anything reads it. An .xlsx is a ZIP archive, and SheetJS
 * inflates every part of it into memory before a single row is looked at: a 1.4 MB upload can hold
 * 400 MiB of sheet XML. The archive's central directory says how large each part is once inflated,
 * so the upload is refused on those figures first; then each part is inflated (in zlib's thread
 * pool, never on the event loop) with its declared size as a hard bound, so a directory that lies
 * is caught too. A real workbook of 200,000 rows (the most an import takes) holds well under this.
 */
export const XLSX_LIMITS = {
  /** The parts of the workbook together, inflated. */
  totalUncompressedBytes: 256 * 1024 * 1024,
  /** Parts in the archive (a workbook has a few dozen). */
  entries: 10_000,
} as const;

export type ZipEntry = {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
};

/** Why an archive is refused; the route answers the message (413 when it is too large, else 400). */
export class ZipArchiveError extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;

const damaged = () => new ZipArchiveError("The file is not a valid Excel (.xlsx) workbook: its archive is damaged.");

/** A 64-bit little-endian size, refused past what a Number holds exactly (no real upload comes near). */
function readUint64(buffer: Buffer, offset: number): number {
  const value = buffer.readBigUInt64LE(offset);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged();
  return Number(value);
}

/** The archive's central directory: every entry with its declared sizes (ZIP64 sizes included). */
export function readZipDirectory(buffer: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let offset = buffer.length - EOCD_MIN; offset >= Math.max(0, buffer.length - EOCD_MIN - MAX_COMMENT); offset--) {
    if (buffer.readUInt32LE(offset) === EOCD_SIGNATURE) {
      eocd = offset;
      break;
    }
  }
  if (eocd < 0) throw damaged();
  let count = buffer.readUInt16LE(eocd + 10);
  let directoryOffset = buffer.readUInt32LE(eocd + 16);
  const locator = eocd - 20;
  if (locator >= 0 && buffer.readUInt32LE(locator) === ZIP64_LOCATOR_SIGNATURE) {
    const record = readUint64(buffer, locator + 8);
    if (record + 56 > buffer.length || buffer.readUInt32LE(record) !== ZIP64_EOCD_SIGNATURE) throw damaged();
    count = readUint64(buffer, record + 32);
    directoryOffset = readUint64(buffer, record + 48);
  }
  if (count > XLSX_LIMITS.entries) {
    throw new ZipArchiveError(
      `The workbook has more than ${XLSX_LIMITS.entries.toLocaleString("en-US")} parts; it cannot be imported.`,
      true,
    );
  }
  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== CENTRAL_SIGNATURE) throw damaged();
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const end = offset + 46 + nameLength + extraLength + commentLength;
    if (end > buffer.length) throw damaged();
    const entry: ZipEntry = {
      name: buffer.toString("utf8", offset + 46, offset + 46 + nameLength),
      method: buffer.readUInt16LE(offset + 10),
      compressedSize: buffer.readUInt32LE(offset + 20),
      uncompressedSize: buffer.readUInt32LE(offset + 24),
      localHeaderOffset: buffer.readUInt32LE(offset + 42),
    };
    readZip64Extra(buffer, offset + 46 + nameLength, extraLength, entry);
    entries.push(entry);
    offset = end;
  }
  return entries;
}

/** ZIP64 keeps a size that does not fit 32 bits in an extra field, in this order, only when needed. */
function readZip64Extra(buffer: Buffer, start: number, length: number, entry: ZipEntry): void {
  const needs = [
    entry.uncompressedSize === 0xffffffff,
    entry.compressedSize === 0xffffffff,
    entry.localHeaderOffset === 0xffffffff,
  ];
  if (!needs.some(Boolean)) return;
  for (let offset = start; offset + 4 <= start + length; ) {
    const id = buffer.readUInt16LE(offset);
    const size = buffer.readUInt16LE(offset + 2);
    if (id === 0x0001) {
      let field = offset + 4;
      const next = () => {
        if (field + 8 > offset + 4 + size) throw damaged();
        const value = readUint64(buffer, field);
        field += 8;
        return value;
      };
      if (needs[0]) entry.uncompressedSize = next();
      if (needs[1]) entry.compressedSize = next();
      if (needs[2]) entry.localHeaderOffset = next();
      return;
    }
    offset += 4 + size;
  }
  throw damaged();
}

/**
 * How many bytes deflated data inflates to, counted as it streams (nothing is kept) and given up
 * as soon as it passes `bound`: the work is done in zlib's thread pool, a chunk at a time.
 */
function inflatedSizeWithin(data: Buffer, bound: number): Promise<boolean> {
  return new Promise((resolve) => {
    const inflate = createInflateRaw();
    let size = 0;
    let settled = false;
    const settle = (within: boolean) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(within);
    };
    inflate.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > bound) settle(false);
    });
    inflate.on("error", () => settle(false));
    inflate.on("end", () => settle(true));
    inflate.end(data);
  });
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Refuses an .xlsx whose parts inflate to more than the limit, by what its directory declares and
 * then by what its data really inflates to (each part bounded by its declared size).
 */
export async function checkXlsxArchive(buffer: Buffer): Promise<void> {
  const entries = readZipDirectory(buffer);
  const tooLarge = () =>
    new ZipArchiveError(
      `The workbook unpacks to more than ${megabytes(XLSX_LIMITS.totalUncompressedBytes)}, the most an import reads; save it as CSV or split it.`,
      true,
    );
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (total > XLSX_LIMITS.totalUncompressedBytes) throw tooLarge();
  }
  for (const entry of entries) {
    const local = entry.localHeaderOffset;
    if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== LOCAL_SIGNATURE) throw damaged();
    const dataStart = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const data = buffer.subarray(dataStart, dataStart + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw damaged();
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) throw damaged();
      continue;
    }
    if (entry.method !== 8) throw damaged();
    if (!(await inflatedSizeWithin(data, entry.uncompressedSize))) throw damaged();
  }
}
