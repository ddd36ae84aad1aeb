// Writes a brotli (.br) and a gzip (.gz) copy next to each text asset of the client build, once, at
// the highest levels: the server sends them as they are (@fastify/static's preCompressed) instead of
// compressing the same files on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..", "dist", "client");
const COMPRESSIBLE = /\.(?:js|css|svg|json|txt|xml|webmanifest|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of files(root)) {
  if (statSync(file).size < MIN_BYTES || file.endsWith(".map")) continue;
  const content = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
  count += 1;
}
console.log(`compressed ${count} client assets (.br, .gz)`);
