import Quill, { type Range } from "quill";
import "quill/dist/quill.snow.css";
import "./rich-text-editor.css";
import { useEffect, useRef, useState } from "react";
import { BLOG_ADMIN_TEXTS } from "../../../../../shared/admin-texts.js";
import { isHttpUrl, videoEmbedUrl } from "../../../../../shared/blog.js";
import { Button } from "../../../../components/ui/button.js";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../../components/ui/dialog.js";
import { Input } from "../../../../components/ui/input.js";

/** Headings 1-3, emphasis, lists, alignment, link, image, code block and clean: nothing else. */
const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ["bold", "italic", "underline", "strike"],
  [{ list: "ordered" }, { list: "bullet" }],
  [{ align: [] }],
  ["link", "image", "code-block"],
  ["clean"],
];

/** Changes within a second merge into one undo step; at most 100 steps are kept. */
const HISTORY = { delay: 1000, maxStack: 100, userOnly: false };

/** Link addresses the editor keeps; anything else becomes about:blank (the server applies the same list). */
const LINK_PROTOCOLS = ["http", "https", "mailto", "tel"];

let registered = false;

/** The editor's own link format: Quill's, with the protocol whitelist narrowed. */
function registerFormats(): void {
  if (registered) return;
  registered = true;
  const Link = Quill.import("formats/link") as { PROTOCOL_WHITELIST: string[] };
  Link.PROTOCOL_WHITELIST = LINK_PROTOCOLS;
}

/** The snow theme's link tooltip, as far as this editor touches it. */
type LinkTooltip = {
  root: HTMLElement;
  textbox: HTMLInputElement;
  linkRange?: Range;
  save(): void;
  hide(): void;
};

/**
 * A video page's address given in the link tooltip becomes the video itself: its player is
 * embedded after the selected text, instead of a link to the page.
 */
function embedVideoLinks(quill: Quill): void {
  const tooltip = (quill.theme as unknown as { tooltip: LinkTooltip }).tooltip;
  const save = tooltip.save.bind(tooltip);
  tooltip.save = () => {
    const embed = tooltip.root.getAttribute("data-mode") === "link" ? videoEmbedUrl(tooltip.textbox.value) : null;
    if (!embed) {
      save();
      return;
    }
    const range = tooltip.linkRange ?? quill.getSelection(true);
    const index = range.index + range.length;
    quill.insertEmbed(index, "video", embed, Quill.sources.USER);
    quill.setSelection(index + 1, Quill.sources.USER);
    delete tooltip.linkRange;
    tooltip.textbox.value = "";
    tooltip.hide();
  };
}

/**
 * The stored form of the document: Quill's semantic HTML (real <ul>/<ol>, <pre>), or '' for an
 * empty editor. Quill 2.0.3 writes every space as &nbsp;, which would stop lines from wrapping.
 */
function documentHtml(quill: Quill): string {
  if (quill.getLength() <= 1) return "";
  return quill.getSemanticHTML().replaceAll("&nbsp;", " ");
}

type RichTextEditorProps = {
  id: string;
  value: string;
  onChange(html: string): void;
  onBlur(): void;
  labelledBy: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  disabled?: boolean;
};

/** Quill 2 with the blog's toolbar, placeholder and undo history, as a controlled form field. */
export function RichTextEditor({
  id,
  value,
  onChange,
  onBlur,
  labelledBy,
  describedBy,
  invalid,
  disabled,
}: RichTextEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  /** The HTML this editor last reported, so that its own changes are not loaded back into it. */
  const reported = useRef<string | null>(null);
  const callbacks = useRef({ onChange, onBlur });
  callbacks.current = { onChange, onBlur };
  const [imageRange, setImageRange] = useState<Range | null>(null);
  /**
   * Where the caret goes back to when the image dialog closes: after the inserted picture, or
   * where it was on Cancel. Left to Radix, the focus went to the page's body, not the editor, and
   * what was typed next was lost.
   */
  const caretAfterDialog = useRef<Range | null>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    registerFormats();
    const container = host.appendChild(host.ownerDocument.createElement("div"));
    const quill = new Quill(container, {
      theme: "snow",
      placeholder: BLOG_ADMIN_TEXTS.fields.contentPlaceholder,
      modules: {
        history: HISTORY,
        toolbar: {
          container: TOOLBAR,
          handlers: {
            // Pictures are linked by address: a pasted file would become a data: URL, which the server drops.
            image(this: { quill: Quill }) {
              const range = this.quill.getSelection(true);
              caretAfterDialog.current = range;
              setImageRange(range);
            },
          },
        },
      },
    });
    embedVideoLinks(quill);
    // The editor sits inside the post's form: Enter in the link tooltip's field (a link or a video)
    // must save the link, never submit (and perhaps publish) the half-written post. Quill prevents
    // it itself today; this holds whatever its version does.
    const keepEnter = (event: KeyboardEvent) => {
      if (event.key === "Enter" && event.target instanceof HTMLInputElement) event.preventDefault();
    };
    host.addEventListener("keydown", keepEnter);
    const editable = quill.root;
    editable.id = id;
    editable.setAttribute("role", "textbox");
    editable.setAttribute("aria-multiline", "true");
    editable.setAttribute("aria-labelledby", labelledBy);
    quill.on(Quill.events.TEXT_CHANGE, () => {
      const html = documentHtml(quill);
      reported.current = html;
      callbacks.current.onChange(html);
    });
    quill.on(Quill.events.SELECTION_CHANGE, (range) => {
      if (range === null) callbacks.current.onBlur();
    });
    quillRef.current = quill;
    return () => {
      host.removeEventListener("keydown", keepEnter);
      quillRef.current = null;
      reported.current = null;
      host.replaceChildren();
    };
  }, [id, labelledBy]);

  // A value from outside (the post being edited, an AI draft) replaces the document.
  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || value === reported.current) return;
    reported.current = value;
    quill.setContents(quill.clipboard.convert({ html: value }), Quill.sources.SILENT);
    quill.history.clear();
  }, [value]);

  useEffect(() => {
    const quill = quillRef.current;
    if (!quill) return;
    quill.enable(!disabled);
    if (describedBy) quill.root.setAttribute("aria-describedby", describedBy);
    else quill.root.removeAttribute("aria-describedby");
    quill.root.setAttribute("aria-invalid", invalid ? "true" : "false");
  }, [disabled, describedBy, invalid]);

  const insertImage = (src: string, alt: string) => {
    const quill = quillRef.current;
    const range = imageRange;
    setImageRange(null);
    if (!quill || !range) return;
    quill.insertEmbed(range.index, "image", src, Quill.sources.USER);
    if (alt) quill.formatText(range.index, 1, "alt", alt, Quill.sources.USER);
    caretAfterDialog.current = { index: range.index + 1, length: 0 };
  };

  // Once the dialog has closed (and its focus trap is gone), the editor takes the focus back.
  const returnToEditor = (event: Event) => {
    const quill = quillRef.current;
    const caret = caretAfterDialog.current;
    caretAfterDialog.current = null;
    if (!quill || !caret) return;
    event.preventDefault();
    quill.setSelection(caret.index, caret.length, Quill.sources.USER);
  };

  return (
    <>
      <div
        ref={hostRef}
        className={
          invalid
            ? "blog-editor rounded-lg ring-1 ring-red-500"
            : "blog-editor rounded-lg focus-within:ring-2 focus-within:ring-indigo-600"
        }
      />
      <ImageDialog
        open={imageRange !== null}
        onCancel={() => setImageRange(null)}
        onInsert={insertImage}
        onCloseAutoFocus={returnToEditor}
      />
    </>
  );
}

function ImageDialog({
  open,
  onCancel,
  onInsert,
  onCloseAutoFocus,
}: {
  open: boolean;
  onCancel(): void;
  onInsert(src: string, alt: string): void;
  onCloseAutoFocus(event: Event): void;
}) {
  const [src, setSrc] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setSrc("");
      setAlt("");
      setError(null);
    }
  }, [open]);
  const submit = () => {
    const address = src.trim();
    if (!isHttpUrl(address)) {
      setError("Enter the image's full address, starting with https://");
      return;
    }
    onInsert(address, alt.trim());
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{BLOG_ADMIN_TEXTS.insertImage}</DialogTitle>
          <DialogDescription>The picture is shown from its own address; it is not uploaded.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            // The dialog is portalled out of the post's form in the page, but React still bubbles its
            // submit event up the component tree, into the post form's own handler: stopped here.
            event.stopPropagation();
            submit();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor="editor-image-url" className="text-sm font-medium text-slate-800">
              {BLOG_ADMIN_TEXTS.imageUrl}
            </label>
            <Input
              id="editor-image-url"
              type="url"
              inputMode="url"
              placeholder="https://"
              value={src}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "editor-image-url-error" : undefined}
              onChange={(event) => setSrc(event.target.value)}
            />
            {error && (
              <p id="editor-image-url-error" className="text-xs font-medium text-red-700">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="editor-image-alt" className="text-sm font-medium text-slate-800">
              {BLOG_ADMIN_TEXTS.imageAlt}
            </label>
            <Input id="editor-image-alt" value={alt} onChange={(event) => setAlt(event.target.value)} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onCancel}>
              {BLOG_ADMIN_TEXTS.cancel}
            </Button>
            <Button type="submit">{BLOG_ADMIN_TEXTS.insert}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
