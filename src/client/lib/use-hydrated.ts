import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true afterwards: for
 * what depends on the browser alone (the visitor's stored cookie choice), which the server must
 * leave out so that the browser's first render matches it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
