import { MoveHorizontal } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "../lib/utils.js";

/**
 * A frame for a table wider than a phone: it scrolls sideways, keyboard users can focus it and
 * scroll with the arrow keys, and while columns are out of sight a shade marks the cut edge and a
 * hint under the frame says that there is more to the side (a table cut at the screen's edge looks
 * complete otherwise).
 */
export function ScrollFrame({
  label,
  hint = "Scroll sideways to see every column.",
  className,
  frameClassName,
  children,
}: {
  /** The region's accessible name. */
  label: string;
  /** Shown under the frame while it cannot show everything at once. */
  hint?: string;
  className?: string;
  frameClassName?: string;
  children: ReactNode;
}) {
  const frame = useRef<HTMLElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const update = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((current) => (current.left === left && current.right === right ? current : { left, right }));
    };
    update();
    element.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => {
      element.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, []);

  return (
    <div className={className}>
      <div className="relative">
        <section
          ref={frame}
          aria-label={label}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
          className={cn(
            "relative overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden",
            frameClassName,
          )}
        >
          {children}
        </section>
        <div
          aria-hidden="true"
          className={cn(
            "pointer-events-none absolute inset-y-px left-px w-6 rounded-l-xl bg-gradient-to-r from-slate-900/10 to-transparent transition-opacity",
            edges.left ? "opacity-100" : "opacity-0",
          )}
        />
        <div
          aria-hidden="true"
          className={cn(
            "pointer-events-none absolute inset-y-px right-px w-6 rounded-r-xl bg-gradient-to-l from-slate-900/10 to-transparent transition-opacity",
            edges.right ? "opacity-100" : "opacity-0",
          )}
        />
      </div>
      {(edges.left || edges.right) && (
        <p className="mt-1.5 flex items-center gap-1.5 text-xs text-slate-600">
          <MoveHorizontal className="size-3.5 shrink-0" aria-hidden="true" />
          {hint}
        </p>
      )}
    </div>
  );
}
