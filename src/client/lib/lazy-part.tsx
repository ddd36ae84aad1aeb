import { type ComponentType, createContext, createElement, lazy, useContext } from "react";

/**
 * The server collects the lazy parts a page rendered here, so that the page can ask the browser to
 * fetch their chunks at once: hydration waits for each part's code.
 */
export const RenderedPartsContext = createContext<Set<string> | null>(null);

/**
 * React.lazy plus a name: `id` is the part's source path under src/client (as in Vite's build
 * manifest), e.g. "features/blog/blog-list-page.tsx". lazy-part.test.ts checks each id against
 * the module its loader imports.
 */
export function lazyPart<P extends object>(id: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function LazyPart(props: P) {
    useContext(RenderedPartsContext)?.add(id);
    return createElement(Lazy as ComponentType<P>, props);
  }
  LazyPart.displayName = `LazyPart(${id})`;
  return LazyPart;
}
