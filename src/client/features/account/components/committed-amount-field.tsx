import { useState } from "react";
import { PIPELINE_TEXTS } from "../../../../shared/account-texts.js";
import { cn } from "../../../lib/utils.js";
import { parseAmountInput } from "../pipeline-view.js";

const format = (amount: number | null) => (amount === null ? "" : amount.toLocaleString("en-US"));

/**
 * What a committed fund put in, in whole dollars: the same field on the board's card and in the
 * list's card. Saved when it is left or on Enter (parseAmountInput's rules: empty clears it, else a
 * whole amount within the cap); a text that is not one says so and is not sent.
 */
export function CommittedAmountField({
  id,
  saved,
  onAmount,
  compact = false,
}: {
  id: string;
  /** The stored amount: a rollback or the server's answer shows in the field. */
  saved: number | null;
  onAmount: (amount: number | null) => void;
  /** The board's small card; the list's card has the list's larger fields. */
  compact?: boolean;
}) {
  const [text, setText] = useState(format(saved));
  const [invalid, setInvalid] = useState(false);
  // A stored amount that changed elsewhere replaces what the field shows, without remounting it
  // (a remount would take the focus away after Enter).
  const [shown, setShown] = useState(saved);
  if (saved !== shown) {
    setShown(saved);
    setText(format(saved));
    setInvalid(false);
  }
  const commit = () => {
    const amount = parseAmountInput(text);
    if (amount === undefined) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setText(format(amount));
    if (amount !== saved) onAmount(amount);
  };
  return (
    <div className={cn("flex flex-col", compact ? "gap-1" : "gap-1.5")}>
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {PIPELINE_TEXTS.committedAmount}
      </label>
      <input
        id={id}
        // The full keyboard: "250k" and "€200k" are amounts too (src/shared/money-text.ts).
        inputMode="text"
        autoComplete="off"
        spellCheck={false}
        value={text}
        placeholder="500,000"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            // Inside a form, Enter saves the amount rather than submitting anything else.
            event.preventDefault();
            commit();
          }
        }}
        className={cn(
          "w-full rounded-lg border border-slate-300 bg-white text-base text-slate-900 tabular-nums outline-hidden focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30 aria-invalid:border-red-600 sm:text-sm",
          compact ? "h-9 px-2.5" : "h-11 px-3 shadow-xs hover:border-slate-400",
        )}
      />
      {invalid && (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {PIPELINE_TEXTS.committedAmountInvalid}
        </p>
      )}
    </div>
  );
}
