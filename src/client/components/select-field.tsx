import type { ReactNode } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./ui/select.js";

type SelectFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /**
   * What the closed select shows for the value. Given rather than portalled from the closed list,
   * so a prefilled value shows at once.
   */
  valueLabel?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
  className?: string;
};

/** A labelled single-choice select with its validation message tied to it for screen readers. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  onBlur,
  options,
  placeholder,
  valueLabel,
  error,
  disabled,
  className,
}: SelectFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={className ?? "flex min-w-0 flex-col gap-1.5"}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Select value={value} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger
          id={id}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <SelectValue placeholder={placeholder}>{valueLabel}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
