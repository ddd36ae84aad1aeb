import { type ComponentType, createContext, createElement, lazy, useContext } from "react";

/**
 * The server collects the lazy parts a page rendered here; the page lists them, and the browser
 * loads them all (preloadParts) before hydrating, so that the whole page is taken over in one pass
 * and no click lands on a part whose code is still on its way.
 */
export const RenderedPartsContext = createContext<Set<string> | null>(null);

/** Each part's loader by id, as the modules that define parts are evaluated. */
const registry = new Map<string, () => Promise<unknown>>();

/**
 * React.lazy plus a name: `id` is the part's source path under src/client (as in Vite's build
 * manifest), e.g. "features/blog/blog-list-page.tsx". lazy-part.test.ts checks each id against
 * the module its loader imports. Once loaded, the part renders without suspending.
 */
export function lazyPart<P extends object>(id: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  registry.set(id, preload);
  function LazyPart(props: P) {
    useContext(RenderedPartsContext)?.add(id);
    return createElement((loaded ?? Lazy) as ComponentType<P>, props);
  }
  LazyPart.displayName = `LazyPart(${id})`;
  return LazyPart;
}

/**
 * Loads the given parts, including parts defined inside other parts (each wave of loading
 * registers the next); ids that never register (a query module, a stale page) are skipped, and a
 * part that fails to load is left to React.lazy, which retries when it renders.
 */
export async function preloadParts(ids: readonly string[]): Promise<void> {
  const started = new Set<string>();
  for (;;) {
    const wave = ids.filter((id) => !started.has(id) && registry.has(id));
    if (wave.length === 0) return;
    for (const id of wave) started.add(id);
    await Promise.all(
      wave.map((id) =>
        registry
          .get(id)?.()
          .catch(() => undefined),
      ),
    );
  }
}
