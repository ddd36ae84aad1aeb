import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { Input } from "../../../components/ui/input.js";
import { cn } from "../../../lib/utils.js";

type AdminPageHeaderProps = {
  /** The h1's id: the page's section is labelled by it. */
  titleId: string;
  title: ReactNode;
  description: ReactNode;
  /** What stands beside the title on wide screens (a search field, a button). */
  children?: ReactNode;
};

/** An admin page's title and description, with the page's own control beside them when it has one. */
export function AdminPageHeader({ titleId, title, description, children }: AdminPageHeaderProps) {
  const heading = (
    <>
      <h1 id={titleId} className="text-3xl font-bold tracking-tight text-slate-900">
        {title}
      </h1>
      <p className="mt-1.5 text-slate-600">{description}</p>
    </>
  );
  if (children === undefined) return <header>{heading}</header>;
  return (
    <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
      <div>{heading}</div>
      {children}
    </header>
  );
}

type AdminSearchFieldProps = {
  id: string;
  /** The field's name for screen readers (the placeholder is not a label). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
};

/** The search field of an admin list, with its magnifier. */
export function AdminSearchField({ id, label, placeholder, value, onChange, className }: AdminSearchFieldProps) {
  return (
    <div className={cn("relative w-full", className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="pl-9"
      />
    </div>
  );
}
