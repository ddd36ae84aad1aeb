import { Code, Eye, FileText, Info, LoaderCircle, Sparkles, TriangleAlert } from "lucide-react";
import { marked } from "marked";
import { useId, useMemo, useState } from "react";
import { toast } from "sonner";
import {
  AI_WRITER_TEXTS,
  BLOG_ADMIN_TEXTS,
  generationFailedText,
  sourceLineText,
} from "../../../../../shared/admin-texts.js";
import { draftFromMarkdown, parseUrlLines } from "../../../../../shared/blog.js";
import type { AiWriterFailure } from "../../../../../shared/schemas/blog.js";
import { Badge } from "../../../../components/ui/badge.js";
import { Button } from "../../../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../../../components/ui/card.js";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../../components/ui/tabs.js";
import { Textarea } from "../../../../components/ui/textarea.js";
import { ApiError, messageOr } from "../../../../lib/api-client.js";
import { appConfig } from "../../../../lib/app-config.js";
import { useAiWriter } from "../api/use-admin-blog.js";
import { markdownPreviewHtml } from "../markdown-preview.js";

const T = BLOG_ADMIN_TEXTS.ai;

/** A source that could not be read, with its line in the URL list as it was when generating. */
type SourceProblem = AiWriterFailure & { line: number | null };

/**
 * What went wrong with the last generation, shown beside the URL list until the next one: the
 * sources that could not be read (the draft used the others, or there is no draft), or a failure
 * of the whole request (the LLM, the network).
 */
type Outcome =
  | { kind: "none" }
  | { kind: "partial"; problems: SourceProblem[] }
  | { kind: "unreadable"; problems: SourceProblem[] }
  | { kind: "failed"; message: string };

/** The 422's failures, when the answer carries them. */
function failuresOf(error: unknown): AiWriterFailure[] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const failures = (error.payload as { failures?: unknown } | null)?.failures;
  if (!Array.isArray(failures)) return null;
  return failures.filter(
    (item): item is AiWriterFailure => typeof item?.url === "string" && typeof item?.reason === "string",
  );
}

/** Each failure with the number of the line that holds its URL. */
function withLines(failures: readonly AiWriterFailure[], text: string): SourceProblem[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  return failures.map((failure) => {
    const index = lines.indexOf(failure.url);
    return { ...failure, line: index === -1 ? null : index + 1 };
  });
}

/** What 'Use This Content' hands the manual editor: the content as HTML. */
export type Draft = { title: string; content: string; excerpt: string };

/** The AI Writer tab: source URLs in, a markdown draft out, then into the manual editor. */
export function AiWriterPanel({ onUse }: { onUse(draft: Draft): void }) {
  const ids = useId();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "none" });
  const [markdown, setMarkdown] = useState<string | null>(null);
  /** Notes about the draft that are not about a source (demo mode). */
  const [notes, setNotes] = useState<string[]>([]);
  const [view, setView] = useState("preview");
  const writer = useAiWriter();
  const demo = appConfig().aiWriterMode === "demo";
  const previewHtml = useMemo(() => (markdown === null ? "" : markdownPreviewHtml(markdown)), [markdown]);

  const generate = () => {
    const parsed = parseUrlLines(text);
    if ("error" in parsed) {
      setProblem(parsed.error === "none" ? AI_WRITER_TEXTS.provideUrl : AI_WRITER_TEXTS.invalidLines);
      return;
    }
    setProblem(null);
    setOutcome({ kind: "none" });
    const sent = text;
    writer.mutate(parsed.urls, {
      onSuccess: (answer) => {
        setMarkdown(answer.markdownContent);
        setView("preview");
        const problems = withLines(answer.failures, sent);
        setOutcome(problems.length > 0 ? { kind: "partial", problems } : { kind: "none" });
        // The warnings are one per failure first, then the notes about the draft (the API's order).
        setNotes(answer.warnings.slice(answer.failures.length));
        toast.success(T.generated);
      },
      onError: (error) => {
        const failures = failuresOf(error);
        setOutcome(
          failures && failures.length > 0
            ? { kind: "unreadable", problems: withLines(failures, sent) }
            : { kind: "failed", message: generationFailedText(messageOr(error, T.failedFallback)) },
        );
      },
    });
  };

  const use = () => {
    if (markdown === null) return;
    const draft = draftFromMarkdown(markdown);
    // The editor keeps only the formats it knows; the server sanitises whatever is saved.
    onUse({ ...draft, content: marked.parse(draft.content, { async: false }) });
  };

  const urlsId = `${ids}-urls`;
  const problemId = `${ids}-urls-problem`;
  const outcomeId = `${ids}-urls-outcome`;
  const describedBy = [problem ? problemId : null, outcome.kind !== "none" ? outcomeId : null].filter(Boolean);
  const failed = outcome.kind === "unreadable" || outcome.kind === "failed";
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-3">
            <CardTitle className="flex items-center gap-2">
              <Sparkles className="size-5 text-indigo-600" aria-hidden="true" />
              {T.heading}
            </CardTitle>
            {demo && <Badge variant="muted">Demo mode</Badge>}
          </div>
          <p className="text-sm text-slate-600">{T.intro}</p>
          {demo && <p className="text-sm text-amber-900">{T.demoNote}</p>}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={urlsId} className="text-sm font-medium text-slate-800">
              {T.label}
            </label>
            <Textarea
              id={urlsId}
              rows={5}
              value={text}
              placeholder={"https://…\nhttps://…"}
              spellCheck={false}
              aria-invalid={problem || failed ? true : undefined}
              aria-describedby={describedBy.length > 0 ? describedBy.join(" ") : undefined}
              onChange={(event) => {
                setText(event.target.value);
                if (problem) setProblem(null);
              }}
            />
            {problem && (
              <p id={problemId} className="text-xs font-medium text-red-700">
                {problem}
              </p>
            )}
            <OutcomeNotice id={outcomeId} outcome={outcome} />
          </div>
          <div>
            <Button onClick={generate} disabled={text.trim() === "" || writer.isPending}>
              {writer.isPending ? (
                <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
              ) : (
                <Sparkles aria-hidden="true" />
              )}
              {writer.isPending ? T.generating : T.generate}
            </Button>
          </div>
        </CardContent>
      </Card>

      {markdown !== null && (
        <Card>
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
            <CardTitle className="flex items-center gap-2">
              <FileText className="size-5 text-indigo-600" aria-hidden="true" />
              {T.result}
            </CardTitle>
            <Button onClick={use}>{T.use}</Button>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {notes.map((note) => (
              <p
                key={note}
                className="flex items-start gap-2.5 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
              >
                <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {note}
              </p>
            ))}
            <Tabs value={view} onValueChange={setView}>
              <TabsList aria-label={T.resultViews}>
                <TabsTrigger value="preview">
                  <Eye aria-hidden="true" />
                  {T.preview}
                </TabsTrigger>
                <TabsTrigger value="markdown">
                  <Code aria-hidden="true" />
                  {T.markdown}
                </TabsTrigger>
              </TabsList>
              <TabsContent value="preview" className="mt-4">
                {/* Rendered from the markdown with raw HTML shown as text and only safe links: nothing in it runs. */}
                <div
                  className="blog-prose max-h-[32rem] overflow-auto rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdownPreviewHtml escapes raw HTML and keeps only safe link and image addresses.
                  dangerouslySetInnerHTML={{ __html: previewHtml }}
                />
              </TabsContent>
              <TabsContent value="markdown" className="mt-4">
                <pre className="max-h-[32rem] overflow-auto rounded-xl border border-slate-200 bg-slate-50 p-4 font-mono text-sm leading-6 whitespace-pre-wrap text-slate-800">
                  {markdown}
                </pre>
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

/** Beside the URL list: which lines could not be read and why, or why nothing was generated. */
function OutcomeNotice({ id, outcome }: { id: string; outcome: Outcome }) {
  if (outcome.kind === "none") return null;
  const severe = outcome.kind !== "partial";
  const tone = severe ? "border-red-200 bg-red-50 text-red-800" : "border-amber-200 bg-amber-50 text-amber-900";
  return (
    <div id={id} role="alert" className={`flex items-start gap-2.5 rounded-xl border px-4 py-3 text-sm ${tone}`}>
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {outcome.kind === "failed" ? (
        <p>{outcome.message}</p>
      ) : (
        <div className="flex min-w-0 flex-col gap-2">
          <p className="font-medium">{outcome.kind === "partial" ? T.someUnreadable : T.noneReadable}</p>
          <ul className="flex flex-col gap-1.5">
            {outcome.problems.map((item) => (
              <li key={item.url} className="min-w-0">
                {item.line !== null && <span className="font-semibold">{sourceLineText(item.line)}: </span>}
                <span className="font-mono text-xs break-all">{item.url}</span>
                <span> — {item.reason}.</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
