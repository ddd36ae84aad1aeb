import sanitizeHtml from "sanitize-html";
import { withoutUnstorableCharacters } from "../../shared/text-rules.js";

/**
 * Embeds the editor's video button can produce: YouTube's and Vimeo's players, nothing else. The
 * whole src must match, so that a player page on another path of those hosts does not get in.
 */
const VIDEO_EMBED = [
  /^https:\/\/www\.youtube(?:-nocookie)?\.com\/embed\/[\w-]{1,64}(?:\?[\w=&%.-]*)?$/,
  /^https:\/\/player\.vimeo\.com\/video\/\d{1,20}\/?(?:\?[\w=&%.-]*)?$/,
];

export function isVideoEmbedUrl(src: string): boolean {
  return VIDEO_EMBED.some((pattern) => pattern.test(src));
}

const ALIGN_AND_INDENT = [
  "ql-align-center",
  "ql-align-right",
  "ql-align-justify",
  ...Array.from({ length: 8 }, (_, index) => `ql-indent-${index + 1}`),
];

/**
 * What the blog editor's toolbar can produce (headings 1-3, bold, italic, underline, strike,
 * ordered and bullet lists, alignment, links, images, code blocks) plus the few block elements a
 * markdown draft brings (quotes, inline code, rules). Links take http(s), mailto and tel; images
 * http(s) only; no data: or javascript: URL, no script, style or event handler survives.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h1",
    "h2",
    "h3",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "strike",
    "del",
    "ol",
    "ul",
    "li",
    "a",
    "img",
    "pre",
    "code",
    "blockquote",
    "hr",
    "span",
    "iframe",
  ],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    iframe: ["src", "allowfullscreen", "frameborder", "title"],
    pre: ["data-language", "spellcheck"],
  },
  // Only the editor's own classes, on the elements it puts them on (each entry also allows the
  // class attribute there): any other class would style stored HTML with the site's utility CSS,
  // e.g. a link made "fixed inset-0" to cover the whole page.
  allowedClasses: {
    p: ALIGN_AND_INDENT,
    h1: ALIGN_AND_INDENT,
    h2: ALIGN_AND_INDENT,
    h3: ALIGN_AND_INDENT,
    li: ALIGN_AND_INDENT,
    pre: ["ql-syntax"],
    iframe: ["ql-video"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"], iframe: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedIframeHostnames: ["www.youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"],
  allowIframeRelativeUrls: false,
  // A frame whose src is not a player embed goes entirely, as does an image without a source.
  exclusiveFilter: (frame) =>
    (frame.tag === "iframe" && !isVideoEmbedUrl(frame.attribs.src ?? "")) ||
    (frame.tag === "img" && !frame.attribs.src),
  transformTags: {
    // Links that open a new tab must not hand the new page a handle on this one.
    a: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs };
      if (next.target && next.target !== "_blank") delete next.target;
      if (next.target === "_blank") next.rel = "noopener noreferrer";
      else delete next.rel;
      return { tagName, attribs: next };
    },
    b: "strong",
    i: "em",
    strike: "s",
    del: "s",
  },
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "title"],
};

/**
 * Stored blog HTML, safe to render as it is. The parser decodes entities, in text and attribute
 * values alike, and writes the decoded characters out as they are (only & < > " are escaped again):
 * `&#1;` or `&#xFFFE;` came out as the character itself. Those the stored text must not hold are
 * dropped from the output; removing them cannot make markup, since every < and & is escaped.
 */
export function sanitizeBlogHtml(html: string): string {
  return withoutUnstorableCharacters(sanitizeHtml(html, OPTIONS)).trim();
}

/** Whether sanitised HTML shows anything: text, an image or a video. An empty editor gives '<p><br></p>'. */
export function hasVisibleContent(html: string): boolean {
  if (/<(img|iframe|hr)\b/i.test(html)) return true;
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&nbsp;|\s/g, "").length > 0;
}
