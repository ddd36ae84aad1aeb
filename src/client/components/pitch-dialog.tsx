import { FileText, LoaderCircle, Send, Upload } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useDropzone } from "react-dropzone";
import {
  charCount,
  PITCH_DECK_MAX_BYTES,
  PITCH_MESSAGE_MAX,
  PITCH_MESSAGE_MIN,
  PITCH_STARTUP_NAME_MAX,
  PITCH_TEXTS,
} from "../../shared/pitches.js";
import { Button } from "./ui/button.js";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./ui/dialog.js";
import { Textarea } from "./ui/textarea.js";

type PitchDialogProps = {
  fundId: number;
  fundName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const inputClass =
  "h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden sm:text-sm";

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * A subscriber pitches a fund that takes pitches through FundMatch (issue 39): the startup's name, a
 * message of 50 to 2,000 characters, and the deck as a PDF (dropped or chosen, at most 20 MB) or an
 * https link. The server checks everything again, the deck by its bytes; its refusals are shown as
 * they are worded.
 */
export function PitchDialog({ fundId, fundName, open, onOpenChange }: PitchDialogProps) {
  const ids = useId();
  const [startupName, setStartupName] = useState("");
  const [message, setMessage] = useState("");
  const [deckUrl, setDeckUrl] = useState("");
  const [deck, setDeck] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  const dropzone = useDropzone({
    accept: { "application/pdf": [".pdf"] },
    maxFiles: 1,
    multiple: false,
    maxSize: PITCH_DECK_MAX_BYTES,
    onDropAccepted: ([file]) => {
      setDeck(file ?? null);
      setError(null);
    },
    onDropRejected: ([rejection]) => {
      const tooLarge = rejection?.errors.some((each) => each.code === "file-too-large");
      setError(tooLarge ? PITCH_TEXTS.tooLarge : PITCH_TEXTS.notPdf);
    },
  });
  const length = charCount(message.trim());

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (length < PITCH_MESSAGE_MIN || length > PITCH_MESSAGE_MAX) {
      return setError(`The message must be ${PITCH_MESSAGE_MIN} to ${PITCH_MESSAGE_MAX} characters.`);
    }
    if (!deck && !deckUrl.trim()) return setError(PITCH_TEXTS.deckRequired);
    const form = new FormData();
    form.set("message", message);
    form.set("startupName", startupName);
    if (deck) form.set("deck", deck, deck.name);
    else form.set("deckUrl", deckUrl.trim());
    setPending(true);
    setError(null);
    try {
      const response = await fetch(`/_api/funds/${fundId}/pitches`, {
        method: "POST",
        body: form,
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      if (!response.ok) {
        const payload = (await response.json().catch(() => null)) as { error?: string } | null;
        return setError(payload?.error ?? "The pitch could not be sent. Please try again.");
      }
      setSent(true);
    } catch {
      setError("The pitch could not be sent. Check your connection and try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Pitch {fundName}</DialogTitle>
          <DialogDescription>
            Your deck and message go to the fund's team on FundMatch; you see when they open it and their answer on your
            profile.
          </DialogDescription>
        </DialogHeader>
        {sent ? (
          <div role="status" className="flex flex-col gap-3">
            <p className="text-sm text-slate-800">Your pitch was sent to {fundName}.</p>
            <Button asChild variant="outline">
              <a href="/profile#pitches">See your pitches</a>
            </Button>
          </div>
        ) : (
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${ids}-name`} className="text-sm font-medium text-slate-900">
                Startup name
              </label>
              <input
                id={`${ids}-name`}
                className={inputClass}
                value={startupName}
                maxLength={PITCH_STARTUP_NAME_MAX}
                required
                onChange={(event) => setStartupName(event.target.value)}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${ids}-message`} className="text-sm font-medium text-slate-900">
                Message
              </label>
              <Textarea
                id={`${ids}-message`}
                className="min-h-32"
                value={message}
                required
                aria-describedby={`${ids}-count`}
                onChange={(event) => setMessage(event.target.value)}
              />
              <p id={`${ids}-count`} className="text-xs text-slate-600">
                {length} / {PITCH_MESSAGE_MAX} characters (at least {PITCH_MESSAGE_MIN})
              </p>
            </div>
            <div className="flex flex-col gap-1.5">
              <span className="text-sm font-medium text-slate-900">Deck (PDF, at most 20 MB)</span>
              <div
                {...dropzone.getRootProps({
                  className:
                    "flex cursor-pointer flex-col items-center gap-2 rounded-lg border border-dashed border-slate-400 bg-slate-50 p-4 text-center text-sm text-slate-700 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden",
                })}
              >
                <input {...dropzone.getInputProps({ "aria-label": "Deck (PDF)" })} />
                {deck ? (
                  <span className="flex items-center gap-2">
                    <FileText className="size-4" aria-hidden="true" />
                    {deck.name} ({megabytes(deck.size)})
                  </span>
                ) : (
                  <span className="flex items-center gap-2">
                    <Upload className="size-4" aria-hidden="true" />
                    Drop your deck here, or choose a file
                  </span>
                )}
              </div>
            </div>
            {!deck && (
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${ids}-url`} className="text-sm font-medium text-slate-900">
                  Or a link to your deck (https)
                </label>
                <input
                  id={`${ids}-url`}
                  type="url"
                  className={inputClass}
                  value={deckUrl}
                  placeholder="https://"
                  onChange={(event) => setDeckUrl(event.target.value)}
                />
              </div>
            )}
            {error && (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
            <Button type="submit" disabled={pending}>
              {pending ? (
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              ) : (
                <Send className="size-4" aria-hidden="true" />
              )}
              Send pitch
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
