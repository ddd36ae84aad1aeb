import type { Logger } from "pino";
import type { AiWriterResponse } from "../../../shared/schemas/blog.js";

export type AiWriterOptions = {
  /** "llm": the summary is written by the configured LLM; "demo": an extractive draft, labelled as such. */
  mode: "llm" | "demo";
  llm: { apiKey: string | undefined; baseUrl: string; model: string; timeoutMs: number };
  /** host:port pairs allowed although they resolve to private addresses (AI_WRITER_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  logger: Logger;
};

/** The AI blog writer: reads the source articles and drafts a post in markdown. */
export class AiWriterService {
  constructor(private readonly options: AiWriterOptions) {}

  async generate(urls: readonly string[]): Promise<AiWriterResponse> {
    void this.options;
    void urls;
    throw new Error("AI writer: being built");
  }
}
