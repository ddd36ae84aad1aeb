import { Marked, type Tokens } from "marked";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeText = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** Link targets the preview keeps as links; the editor and the server apply their own lists on top. */
const LINK_TARGET = /^(?:https?:|mailto:)/i;
const IMAGE_SOURCE = /^https?:/i;

/**
 * Markdown as HTML for looking at only. The draft comes from an LLM that read pages from anywhere,
 * so nothing in it may run: raw HTML is shown as text, links keep http(s) and mailto targets only
 * (anything else stays as its words) and images http(s) sources only.
 */
const preview = new Marked({
  async: false,
  gfm: true,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeText(text);
    },
    link({ href, tokens }: Tokens.Link) {
      const label = this.parser.parseInline(tokens);
      if (!LINK_TARGET.test(href.trim())) return label;
      return `<a href="${escapeText(href.trim())}" target="_blank" rel="noopener noreferrer">${label}</a>`;
    },
    image({ href, text }: Tokens.Image) {
      if (!IMAGE_SOURCE.test(href.trim())) return escapeText(text);
      return `<img src="${escapeText(href.trim())}" alt="${escapeText(text)}">`;
    },
  },
});

/** The draft's markdown as HTML safe to show in the page. */
export function markdownPreviewHtml(markdown: string): string {
  return preview.parse(markdown) as string;
}
