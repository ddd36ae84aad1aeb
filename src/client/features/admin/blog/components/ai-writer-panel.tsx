import { FileText, LoaderCircle, Sparkles } from "lucide-react";
import { marked } from "marked";
import { useId, useState } from "react";
import { toast } from "sonner";
import { AI_WRITER_TEXTS, BLOG_ADMIN_TEXTS, generationFailedText } from "../../../../../shared/admin-texts.js";
import { draftFromMarkdown, parseUrlLines } from "../../../../../shared/blog.js";
import { Badge } from "../../../../components/ui/badge.js";
import { Button } from "../../../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../../../components/ui/card.js";
import { Textarea } from "../../../../components/ui/textarea.js";
import { appConfig } from "../../../../lib/app-config.js";
import { messageOr, useAiWriter } from "../api/use-admin-blog.js";

const T = BLOG_ADMIN_TEXTS.ai;

/** Each warning (a source that could not be read, demo mode) stays on screen for 8 seconds. */
const WARNING_TOAST_MS = 8000;

/** What 'Use This Content' hands the manual editor: the content as HTML. */
export type Draft = { title: string; content: string; excerpt: string };

/** The AI Writer tab: source URLs in, a markdown draft out, then into the manual editor. */
export function AiWriterPanel({ onUse }: { onUse(draft: Draft): void }) {
  const ids = useId();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [markdown, setMarkdown] = useState<string | null>(null);
  const writer = useAiWriter();
  const demo = appConfig().aiWriterMode === "demo";

  const generate = () => {
    const parsed = parseUrlLines(text);
    if ("error" in parsed) {
      setProblem(parsed.error === "none" ? AI_WRITER_TEXTS.provideUrl : AI_WRITER_TEXTS.invalidLines);
      return;
    }
    setProblem(null);
    writer.mutate(parsed.urls, {
      onSuccess: (answer) => {
        setMarkdown(answer.markdownContent);
        toast.success(T.generated);
        for (const warning of answer.warnings) toast.warning(warning, { duration: WARNING_TOAST_MS });
      },
      onError: (error) => toast.error(generationFailedText(messageOr(error, T.failedFallback))),
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
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
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
          <CardContent>
            {/* Shown as text: the draft is untrusted until the editor and the server have had it. */}
            <pre className="max-h-[32rem] overflow-auto rounded-xl border border-slate-200 bg-slate-50 p-4 font-mono text-sm leading-6 whitespace-pre-wrap text-slate-800">
              {markdown}
            </pre>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
