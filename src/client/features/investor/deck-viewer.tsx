import { ChevronLeft, ChevronRight, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button.js";

type PdfDocument = import("pdfjs-dist").PDFDocumentProxy;

/** pdf.js and its worker load with the first deck opened, never with the page. */
async function loadPdfJs() {
  const pdfjs = await import("pdfjs-dist");
  pdfjs.GlobalWorkerOptions.workerSrc = new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url).toString();
  return pdfjs;
}

/**
 * A pitch's deck in the page (issue 39), read with pdf.js: one page at a time on a canvas, never
 * the browser's own viewer (no script in the deck ever runs, nothing leaves the page). Each page
 * shown is reported once, for the founder's count of pages viewed.
 */
export function DeckViewer({ src, onPagesViewed }: { src: string; onPagesViewed: (pages: number[]) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const reported = useRef(new Set<number>());

  useEffect(() => {
    let cancelled = false;
    let loaded: PdfDocument | null = null;
    (async () => {
      try {
        const pdfjs = await loadPdfJs();
        const response = await fetch(src, { credentials: "same-origin" });
        if (!response.ok) throw new Error(`status ${response.status}`);
        const data = new Uint8Array(await response.arrayBuffer());
        loaded = await pdfjs.getDocument({ data, isEvalSupported: false }).promise;
        if (!cancelled) setDoc(loaded);
      } catch {
        if (!cancelled) setError("The deck could not be shown.");
      }
    })();
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [src]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let cancelled = false;
    const target = canvas.current;
    let task: { cancel(): void; promise: Promise<unknown> } | undefined;
    (async () => {
      const pdfPage = await doc.getPage(page);
      if (cancelled) return;
      const width = Math.min(target.parentElement?.clientWidth ?? 800, 900);
      const base = pdfPage.getViewport({ scale: 1 });
      const viewport = pdfPage.getViewport({ scale: width / base.width });
      const ratio = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      const context = target.getContext("2d");
      if (!context) return;
      task = pdfPage.render({
        canvas: target,
        canvasContext: context,
        viewport,
        transform: [ratio, 0, 0, ratio, 0, 0],
      });
      await task.promise.catch(() => {});
      if (cancelled) return;
      target.dataset.renderedPage = String(page);
      if (!reported.current.has(page)) {
        reported.current.add(page);
        onPagesViewed([page]);
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, onPagesViewed]);

  if (error) return <p className="text-sm text-red-700">{error}</p>;
  if (!doc) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Loading the deck…
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="w-full overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
        <canvas ref={canvas} aria-label={`Deck, page ${page} of ${doc.numPages}`} data-testid="deck-canvas" />
      </div>
      <div className="flex items-center justify-between gap-2">
        <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          <ChevronLeft className="size-4" aria-hidden="true" /> Previous
        </Button>
        <span className="text-sm text-slate-700">
          Page {page} of {doc.numPages}
        </span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={page >= doc.numPages}
          onClick={() => setPage(page + 1)}
        >
          Next <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
