import type { ComponentProps } from "react";
import { Input } from "./ui/input.js";

type FormFieldProps = ComponentProps<"input"> & {
  id: string;
  label: string;
  error?: string | undefined;
  /** Guidance shown under the field; it does not block submitting. */
  hint?: string | undefined;
};

/** A labelled input with its hint and its validation message, both tied to it for screen readers. */
export function FormField({ id, label, error, hint, ...inputProps }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
