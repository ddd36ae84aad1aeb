import { type ComponentType, createElement, lazy, Suspense, useState } from "react";

/**
 * A dialog whose code loads the first time it is opened. A closed dialog renders nothing, on the
 * server as in the browser, so pages that only offer one (the fund page's report, claim and
 * upgrade prompts, every card's save prompts) no longer fetch, parse and run its form library,
 * schemas and Radix layers while they load. Once opened it stays mounted, so that closing it
 * plays its exit animation and hands focus back as before.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    // Adjusting state while rendering (React's pattern for state derived from props): the first
    // open mounts the dialog in this same render rather than one effect later.
    if (props.open && !opened) setOpened(true);
    if (!opened && !props.open) return null;
    return createElement(Suspense, { fallback: null }, createElement(Lazy as ComponentType<P>, props));
  }
  LazyDialog.displayName = "LazyDialog";
  return LazyDialog;
}
