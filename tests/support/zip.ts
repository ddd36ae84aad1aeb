import { crc32, createDeflateRaw } from "node:zlib";

/** ZIP archives built by hand for the import's archive checks: every byte, and every lie, the test's choice. */

const MiB = 1024 * 1024;

export type ZipPart = {
  name: string;
  data: Buffer;
  size: number;
  crc: number;
  /** What the directory says it inflates to, when it lies. */
  declaredSize?: number;
  /** Sizes written as ZIP64 does (0xffffffff, the real ones in an extra field). */
  zip64?: boolean;
};

/** Deflates `repeat` copies of `chunk` a piece at a time: hundreds of MiB of XML without holding them. */
export async function deflatedRepeat(head: string, chunk: string, repeat: number, tail: string): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (piece: Buffer) => out.push(piece));
  const ended = new Promise((resolve) => deflate.on("end", resolve));
  let crc = 0;
  let size = 0;
  const write = async (text: string) => {
    const bytes = Buffer.from(text);
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once("drain", resolve));
  };
  await write(head);
  const block = repeat > 0 ? chunk.repeat(Math.max(1, Math.floor(MiB / chunk.length))) : "";
  const blocks = repeat > 0 ? Math.floor((chunk.length * repeat) / block.length) : 0;
  for (let index = 0; index < blocks; index++) await write(block);
  await write(tail);
  deflate.end();
  await ended;
  return { name: "xl/worksheets/sheet1.xml", data: Buffer.concat(out), size, crc };
}

export function deflated(name: string, text: string): Promise<ZipPart> {
  return deflatedRepeat(text, "", 0, "").then((part) => ({ ...part, name }));
}

/** A ZIP archive, deflated entries, with the sizes each entry declares (true unless told otherwise). */
export function zip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const size = part.declaredSize ?? part.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    // ZIP64: both sizes 0xffffffff in the directory, the real ones (uncompressed first) in extra field 1.
    const extra = Buffer.alloc(part.zip64 ? 20 : 0);
    if (part.zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(16, 2);
      extra.writeBigUInt64LE(BigInt(size), 4);
      extra.writeBigUInt64LE(BigInt(part.data.length), 12);
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(part.zip64 ? 45 : 20, 4);
    central.writeUInt16LE(part.zip64 ? 45 : 20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.crc >>> 0, 16);
    central.writeUInt32LE(part.zip64 ? 0xffffffff : part.data.length, 20);
    central.writeUInt32LE(part.zip64 ? 0xffffffff : size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    centrals.push(central, name, extra);
    offset += local.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
