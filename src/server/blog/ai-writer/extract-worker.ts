/**
 * The AI writer's article reader, run in a worker thread by extract.ts: parsing a page and
 * running Readability can take long on a hostile page, and only this thread waits for it. It
 * reads one page from workerData, posts one answer and ends.
 */
import { parentPort, workerData } from "node:worker_threads";
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import {
  ARTICLE_TEXT_MIN,
  type Article,
  blockText,
  capText,
  cleanLine,
  siteOf,
  type WorkerAnswer,
  type WorkerTask,
  withoutSiteSuffix,
} from "./extract.js";

const NO_TEXT = "no article text was found on the page";

function readArticle({ body, pageUrl, sourceUrl }: WorkerTask): WorkerAnswer {
  let parsed: ReturnType<Readability<Node>["parse"]>;
  let documentTitle = "";
  try {
    const { document } = parseHTML(body);
    documentTitle = cleanLine(document.title);
    // The serializer hands back the article's DOM node, so its text can be read block by block.
    parsed = new Readability<Node>(document, { serializer: (node) => node }).parse();
  } catch {
    parsed = null;
  }
  const text = parsed?.content ? blockText(parsed.content) : "";
  if (text.length < ARTICLE_TEXT_MIN) return { ok: false, reason: NO_TEXT };
  const siteName = cleanLine(parsed?.siteName) || siteOf(pageUrl);
  const article: Article = {
    url: sourceUrl,
    title: withoutSiteSuffix(cleanLine(parsed?.title) || documentTitle || siteOf(pageUrl), siteName),
    siteName,
    byline: cleanLine(parsed?.byline) || null,
    text: capText(text),
  };
  return { ok: true, article };
}

parentPort?.postMessage(readArticle(workerData as WorkerTask));
