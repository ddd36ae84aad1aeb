import { ArrowLeft, Compass } from "lucide-react";
import { Link } from "react-router";
import { NOT_FOUND_META } from "../../../shared/page-meta.js";
import { TEXTS } from "../../../shared/texts.js";
import { Button } from "../../components/ui/button.js";
import { usePageMeta } from "../../lib/use-page-meta.js";

export function NotFoundPage() {
  usePageMeta(NOT_FOUND_META);
  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-700 ring-1 ring-indigo-100">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-wide text-indigo-700 uppercase">Error 404</p>
      <h1 id="not-found-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {TEXTS.notFound.title}
      </h1>
      <p className="mt-4 text-lg text-slate-600">
        The page you are looking for does not exist or has moved. The fund search is on the home page.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          {TEXTS.notFound.backHome}
        </Link>
      </Button>
    </section>
  );
}
