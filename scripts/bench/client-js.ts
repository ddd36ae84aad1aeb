import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { constants, gzipSync } from "node:zlib";

export const GZIP_LEVEL = constants.Z_BEST_COMPRESSION;

export type AssetSize = { file: string; bytes: number; gzipBytes: number };

export type ClientJsReport = {
  /** Scripts the home page loads before anything else: its module entry and the modulepreloads. */
  initial: { files: AssetSize[]; bytes: number; gzipBytes: number };
  /** Every .js chunk of the build, lazy routes included, for context. */
  all: { files: number; bytes: number; gzipBytes: number };
};

/** Sizes of the built client's JavaScript, or undefined when dist/client has not been built. */
export function measureClientJs(clientDir: string): ClientJsReport | undefined {
  const indexFile = path.join(clientDir, "index.html");
  if (!existsSync(indexFile)) return undefined;
  const initialFiles = initialScriptPaths(readFileSync(indexFile, "utf8")).map((src) => assetFile(clientDir, src));
  const initial = initialFiles.map((file) => sizeOf(clientDir, file));
  const assetsDir = path.join(clientDir, "assets");
  const allFiles = existsSync(assetsDir)
    ? readdirSync(assetsDir)
        .filter((name) => name.endsWith(".js"))
        .map((name) => sizeOf(clientDir, path.join(assetsDir, name)))
    : [];
  return {
    initial: { files: initial, bytes: sum(initial, "bytes"), gzipBytes: sum(initial, "gzipBytes") },
    all: { files: allFiles.length, bytes: sum(allFiles, "bytes"), gzipBytes: sum(allFiles, "gzipBytes") },
  };
}

/**
 * The src of each <script type="module"> and the href of each <link rel="modulepreload">, and
 * the after-paint script with the entry and preloads it loads, in page order without repeats. Vite writes one tag per line with double-quoted attributes; the attribute
 * order is not relied on.
 */
export function initialScriptPaths(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attributes = parseAttributes(tag);
    const isModuleScript = tag.toLowerCase().startsWith("<script") && attributes.get("type") === "module";
    const isModulePreload = tag.toLowerCase().startsWith("<link") && attributes.get("rel") === "modulepreload";
    const url = isModuleScript ? attributes.get("src") : isModulePreload ? attributes.get("href") : undefined;
    // The after-paint script (vite.config.ts afterFirstPaint) carries the entry and its preloads
    // in data attributes: itself, then what it loads once the page has painted.
    const afterPaint = attributes.get("data-entry")
      ? [attributes.get("src"), attributes.get("data-entry"), ...(attributes.get("data-preload") ?? "").split(" ")]
      : [];
    for (const each of [url, ...afterPaint]) if (each && !found.includes(each)) found.push(each);
  }
  return found;
}

function parseAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes.set((match[1] ?? "").toLowerCase(), match[2] ?? match[3] ?? "");
  }
  return attributes;
}

/** "/assets/index-abc.js" (absolute from the site root, as Vite writes it) → the file in dist/client. */
function assetFile(clientDir: string, url: string): string {
  if (/^[a-z]+:\/\//i.test(url)) throw new Error(`the home page loads a script from another origin: ${url}`);
  return path.join(clientDir, decodeURIComponent(url.split(/[?#]/)[0] ?? url));
}

function sizeOf(clientDir: string, file: string): AssetSize {
  const content = readFileSync(file);
  return {
    file: path.relative(clientDir, file),
    bytes: content.length,
    gzipBytes: gzipSync(content, { level: GZIP_LEVEL }).length,
  };
}

function sum(sizes: readonly AssetSize[], key: "bytes" | "gzipBytes"): number {
  return sizes.reduce((total, size) => total + size[key], 0);
}
