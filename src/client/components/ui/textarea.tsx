import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.js";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs transition-colors outline-hidden placeholder:text-slate-500 focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-70 aria-invalid:border-red-600 aria-invalid:focus-visible:ring-red-600/30 sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}
