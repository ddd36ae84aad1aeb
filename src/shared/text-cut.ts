/**
 * Cutting people's text short (a meta description, an excerpt, a quote in a message) without
 * splitting a character: a cut inside a surrogate pair leaves half an emoji (a lone surrogate, which
 * UTF-8 cannot even carry), and one inside a grapheme cluster leaves a flag, a family emoji or an
 * accented letter in pieces. The cut falls between two graphemes (Intl.Segmenter), and where a
 * runtime has no segmenter, at least between two code points.
 */

const graphemes =
  typeof Intl !== "undefined" && typeof Intl.Segmenter === "function"
    ? new Intl.Segmenter(undefined, { granularity: "grapheme" })
    : undefined;

/**
 * The longest start of `text` at most `max` UTF-16 units long (the unit of every length limit
 * here) that ends between two graphemes. Only the text just past `max` is segmented: whether a
 * boundary falls at a position depends on what comes before it and one code point after.
 */
export function graphemePrefix(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return "";
  if (!graphemes) return codePointPrefix(text, max);
  let end = 0;
  for (const { index } of graphemes.segment(text.slice(0, max + 2))) {
    if (index > max) break;
    end = index;
  }
  return text.slice(0, end);
}

/** The same at code points only: never half a surrogate pair. */
function codePointPrefix(text: string, max: number): string {
  const last = text.charCodeAt(max - 1);
  const next = text.charCodeAt(max);
  const splitsPair = last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
  return text.slice(0, splitsPair ? max - 1 : max);
}

/**
 * `text` cut to at most `max` UTF-16 units, the mark included, when it is longer: at the last space
 * in the second half of what fits (so a word is not cut), else between two graphemes, trailing
 * space and `trim` characters dropped, then the mark.
 */
export function cutText(text: string, max: number, options: { mark?: string; trim?: RegExp } = {}): string {
  if (text.length <= max) return text;
  const mark = options.mark ?? "…";
  const fits = graphemePrefix(text, max - mark.length);
  const space = fits.lastIndexOf(" ");
  const kept = (space > max / 2 ? fits.slice(0, space) : fits).replace(options.trim ?? /\s+$/, "");
  return `${kept.trimEnd()}${mark}`;
}
