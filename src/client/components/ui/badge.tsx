import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.js";

const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-indigo-600 text-white",
        secondary: "bg-indigo-50 text-indigo-800 ring-1 ring-indigo-100 ring-inset",
        outline: "text-slate-700 ring-1 ring-slate-200 ring-inset",
        muted: "bg-slate-100 text-slate-700",
        success: "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-100 ring-inset",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

type BadgeProps = ComponentProps<"span"> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
