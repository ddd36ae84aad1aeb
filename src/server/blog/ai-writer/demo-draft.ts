import { countOf } from "../../../shared/inflect.js";
import { graphemePrefix } from "../../../shared/text-cut.js";
import type { Article } from "./extract.js";

export const DEMO_WARNING =
  "Demo mode: this draft was assembled from the articles' own sentences, without an AI model. Set LLM_API_KEY to have an LLM write it.";

export const DEMO_NOTE =
  "*Demo draft: assembled from the source articles' own sentences, without an AI model. To have an AI model write the post, set LLM_API_KEY.*";

/** Sentences per source in a demo draft. */
export const SENTENCES_PER_SOURCE = 4;

// Lines that belong to the page around the article rather than to the story.
const BOILERPLATE =
  /\b(cookies?|subscribe|subscription|sign up|sign in|log in|newsletter|all rights reserved|click here|read more|advertisement|share this|follow us|terms of (use|service)|privacy policy)\b/i;
const SENTENCE_END = /[.!?]["'”’)\]]*$/;

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

// The segmenter ends a sentence after "Dr." or "J."; a piece ending so runs on into the next one.
const ABBREVIATION_END =
  /(?:^|\s)(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|Mt|Inc|Ltd|Co|Corp|vs|etc|approx|No|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|[A-Z])\.$/;

/** The sentences of a text, paragraph by paragraph (a paragraph never ends mid-sentence). */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  for (const paragraph of text.split("\n")) {
    let pending = "";
    for (const { segment } of segmenter.segment(paragraph)) {
      pending = `${pending} ${segment}`.replace(/\s+/g, " ").trim();
      if (pending && !ABBREVIATION_END.test(pending)) {
        sentences.push(pending);
        pending = "";
      }
    }
    if (pending) sentences.push(pending);
  }
  return sentences;
}

/** A whole sentence of some substance: not a heading, a caption, a date line or a call to subscribe. */
export function isInformative(sentence: string): boolean {
  const words = sentence.split(" ").filter((word) => /\p{L}/u.test(word)).length;
  return (
    sentence.length >= 30 &&
    sentence.length <= 400 &&
    words >= 6 &&
    SENTENCE_END.test(sentence) &&
    !BOILERPLATE.test(sentence)
  );
}

/**
 * The first informative sentences of an article, in their order, without repeats. When the text
 * has none (a list of short items, say), its first lines stand in, shortened.
 */
export function pickSentences(text: string, count = SENTENCES_PER_SOURCE): string[] {
  const picked: string[] = [];
  const seen = new Set<string>();
  for (const sentence of sentencesOf(text)) {
    const key = sentence.toLowerCase();
    if (seen.has(key) || !isInformative(sentence)) continue;
    seen.add(key);
    picked.push(sentence);
    if (picked.length === count) return picked;
  }
  if (picked.length > 0) return picked;
  return text
    .split("\n")
    .slice(0, count)
    .map((line) => (line.length > 300 ? `${graphemePrefix(line, 299).trimEnd()}…` : line));
}

/** Text from a web page, made inert in markdown: no stray emphasis, links, HTML or headings. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<>#|~]/g, (character) => `\\${character}`)
    .replace(/^(\d+)([.)])/, "$1\\$2")
    .replace(/^([-+=])/, "\\$1");
}

/** An address as a markdown link target: parentheses and spaces would end or break it. */
function linkTarget(url: string): string {
  return url.replace(
    /[()\s]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
}

function draftTitle(articles: readonly Article[]): string {
  const [first] = articles;
  if (!first) return "News roundup";
  if (articles.length === 1) return first.title;
  const others = articles.length - 1;
  return `News roundup: ${first.title} and ${countOf(others, "more story", "more stories")}`;
}

/**
 * The demo draft: the post the AI writer would return, made of the articles' own sentences so
 * that the whole flow can be tried without an LLM, and labelled as such in a note before its
 * sources (not first: the editor takes the first paragraph as the post's excerpt).
 */
export function demoDraft(articles: readonly Article[]): string {
  const lines = [`# ${escapeMarkdown(draftTitle(articles))}`, ""];
  for (const article of articles) {
    const credit = article.byline ? `${article.siteName}, ${article.byline}` : article.siteName;
    lines.push(`## ${escapeMarkdown(article.title)}`, "");
    lines.push(`${escapeMarkdown(pickSentences(article.text).join(" "))} (${escapeMarkdown(credit)})`, "");
  }
  lines.push(DEMO_NOTE, "", "## Sources", "");
  for (const article of articles) {
    lines.push(
      `- [${escapeMarkdown(article.title)}](${linkTarget(article.url)}) (${escapeMarkdown(article.siteName)})`,
    );
  }
  return `${lines.join("\n")}\n`;
}
