/** Serialised pages kept, in bytes of UTF-8. */
const MAX_CACHED_PAGE_BYTES = 64_000_000;

/**
 * Response bodies already serialised and encoded, oldest dropped first once their bytes pass the
 * budget. Nothing in a page can change until the data does (a new index, a new cache), so the same
 * bytes are sent every time (a subscriber's page of 24 results is some 20 KB: encoding it per
 * request cost more than finding it).
 */
export class PageCache {
  private readonly pages = new Map<string, Buffer>();
  private cachedPageBytes = 0;

  get(key: string): Buffer | undefined {
    return this.pages.get(key);
  }

  remember(key: string, body: Buffer): void {
    this.pages.set(key, body);
    this.cachedPageBytes += body.length;
    for (const [oldKey, oldBody] of this.pages) {
      if (this.cachedPageBytes <= MAX_CACHED_PAGE_BYTES || oldKey === key) break;
      this.pages.delete(oldKey);
      this.cachedPageBytes -= oldBody.length;
    }
  }
}

/** A page of an answer: which results, and whether the viewer sees the premium fields. */
export type PageRequest = { offset: number; limit: number; includePremium: boolean };

/** The cache key of one page of the answer keyed `answerKey`, for one viewer kind. */
export function pageKey(answerKey: string, page: PageRequest): string {
  return `${answerKey}\u0002${page.offset}\u0002${page.limit}\u0002${page.includePremium ? 1 : 0}`;
}
