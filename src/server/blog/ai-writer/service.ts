import type { Logger } from "pino";
import type { AiWriterFailure, AiWriterResponse } from "../../../shared/schemas/blog.js";
import { DomainError } from "../../errors.js";
import { type AllowList, allowListOf } from "./address-policy.js";
import { DEMO_WARNING, demoDraft } from "./demo-draft.js";
import { type Article, extractArticle } from "./extract.js";
import { fetchPage, PAGE_LIMITS } from "./fetch-page.js";
import { LlmWriter } from "./llm.js";
import { Unreadable, unreadableWarning } from "./unreadable.js";

export type AiWriterOptions = {
  /** "llm": the summary is written by the configured LLM; "demo": an extractive draft, labelled as such. */
  mode: "llm" | "demo";
  llm: { apiKey: string | undefined; baseUrl: string; model: string; timeoutMs: number };
  /** host:port pairs allowed although they resolve to private addresses (AI_WRITER_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  logger: Logger;
};

/** Pages fetched at the same time for one draft: enough to be quick, few enough to be polite. */
const CONCURRENT_PAGES = 4;

type Reading = { ok: true; article: Article } | { ok: false; failure: AiWriterFailure };

/** None of the sources could be used: a 422 that names each one and why (see the route). */
export class NoReadableSource extends DomainError {
  constructor(readonly failures: readonly AiWriterFailure[]) {
    super(
      "unprocessable",
      `None of the articles could be read. ${failures.map(({ url, reason }) => unreadableWarning(url, reason)).join(" ")}`,
    );
    this.name = "NoReadableSource";
  }
}

/** Runs `task` over the items, at most `limit` at a time, keeping the items' order in the results. */
async function mapBounded<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The URLs in their given order, each page once however often it was pasted. */
function distinct(urls: readonly string[]): string[] {
  const byAddress = new Map<string, string>();
  for (const url of urls) {
    let key = url;
    try {
      // The fragment never reaches the server: "…/a#top" is the same page as "…/a".
      const parsed = new URL(url);
      parsed.hash = "";
      key = parsed.href;
    } catch {
      // The request schema only lets URLs through; an odd one is still read (and fails) on its own.
    }
    if (!byAddress.has(key)) byAddress.set(key, url);
  }
  return [...byAddress.values()];
}

/** The AI blog writer: reads the source articles and drafts a post in markdown. */
export class AiWriterService {
  private readonly allowList: AllowList;
  private readonly llm: LlmWriter | undefined;

  constructor(private readonly options: AiWriterOptions) {
    this.allowList = allowListOf(options.allowHosts);
    this.llm = options.mode === "llm" ? new LlmWriter(options.llm, options.logger) : undefined;
  }

  async generate(urls: readonly string[]): Promise<AiWriterResponse> {
    const readings = await mapBounded(distinct(urls), CONCURRENT_PAGES, (url) => this.read(url));
    const articles = readings.flatMap((reading) => (reading.ok ? [reading.article] : []));
    const failures = readings.flatMap((reading) => (reading.ok ? [] : [reading.failure]));
    if (articles.length === 0) throw new NoReadableSource(failures);
    const warnings = failures.map(({ url, reason }) => unreadableWarning(url, reason));
    if (!this.llm) {
      return { markdownContent: demoDraft(articles), warnings: [...warnings, DEMO_WARNING], failures };
    }
    return { markdownContent: await this.llm.write(articles), warnings, failures };
  }

  private async read(url: string): Promise<Reading> {
    try {
      const page = await fetchPage(url, this.allowList, PAGE_LIMITS);
      return { ok: true, article: await extractArticle(page, url) };
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      this.options.logger.info({ url, reason: error.reason }, "AI writer: a source could not be read");
      return { ok: false, failure: { url, reason: error.reason } };
    }
  }
}
