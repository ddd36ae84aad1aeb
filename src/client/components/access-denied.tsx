import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";

/** The Access Denied screen: a title, the reason, and ways onwards. */
export function AccessDeniedScreen({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="access-denied-title"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-700 ring-1 ring-red-100">
        <ShieldAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 id="access-denied-title" className="mt-6 text-3xl font-bold tracking-tight text-slate-900">
        {title}
      </h1>
      <p className="mt-3 text-lg text-slate-600">{message}</p>
      {children}
    </section>
  );
}
