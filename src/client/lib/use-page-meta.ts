import { useEffect } from "react";
import type { PageMeta } from "../../shared/page-meta.js";

function setMeta(name: string, content: string | undefined): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement("meta");
    element.name = name;
    document.head.append(element);
  }
  element.content = content;
}

function setCanonical(path: string | undefined): void {
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (path === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement("link");
    element.rel = "canonical";
    document.head.append(element);
  }
  element.href = `${window.location.origin}${path}`;
}

/**
 * The page's head after client-side navigation. The server renders the same values into the first
 * HTML (src/shared/page-meta.ts) for crawlers; this keeps them right once the app navigates.
 */
export function usePageMeta(
  meta: Pick<PageMeta, "title" | "description" | "robots" | "canonicalPath"> & { keywords?: string | null },
): void {
  const { title, description, robots, canonicalPath, keywords } = meta;
  useEffect(() => {
    document.title = title;
    setMeta("description", description);
    setMeta("keywords", keywords ?? undefined);
    setMeta("robots", robots);
    setCanonical(canonicalPath);
  }, [title, description, robots, canonicalPath, keywords]);
}
