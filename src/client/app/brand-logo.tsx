import { Link } from "react-router";
import { BRAND_NAME } from "../../shared/site.js";
import { cn } from "../lib/utils.js";

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="8" className="fill-indigo-600" />
      <path
        d="M8 21.5l5.5-5.5 4 4L24 13.5M19 13.5h5v5"
        fill="none"
        stroke="white"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function BrandLogo({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn("inline-flex items-center gap-2.5 rounded-md", className)}>
      <BrandMark />
      <span className="text-lg font-bold tracking-tight text-slate-900">{BRAND_NAME}</span>
    </Link>
  );
}
