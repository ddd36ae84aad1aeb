import type { Logger } from "pino";
import type { Db } from "../db/client.js";
import { listPostsToResanitize, replacePostContent } from "./repository.js";
import { sanitizeBlogHtml } from "./sanitize.js";

/**
 * Applies today's sanitiser to the stored posts it would change. Posts are sanitised when saved,
 * so a rule made stricter later (only the editor's own classes: a stored "fixed inset-0" link
 * could cover the page; no control character from a decoded entity) reaches the posts saved
 * before it only this way. Run at every start under the migration lock; only posts with a class
 * attribute or such a character are read, and a post already clean is not written, so a start
 * with nothing to do costs one query.
 */
export async function resanitizeStoredPosts(db: Db, logger: Logger): Promise<number> {
  let changed = 0;
  for (const { id, content } of await listPostsToResanitize(db)) {
    const clean = sanitizeBlogHtml(content);
    if (clean === content) continue;
    await replacePostContent(db, id, clean);
    changed++;
  }
  if (changed > 0) logger.info({ posts: changed }, "stored blog posts sanitised again under the current rules");
  return changed;
}
