import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.js";

export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("rounded-md motion-safe:animate-pulse bg-slate-200/80", className)} {...props} />;
}
