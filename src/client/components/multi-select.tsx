import { Check, ChevronDown, X } from "lucide-react";
import { Popover } from "radix-ui";
import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import { cn } from "../lib/utils.js";

export type MultiOption = { value: string; label: string };

type MultiSelectProps = {
  id: string;
  label: string;
  placeholder: string;
  options: readonly MultiOption[];
  values: string[];
  onChange: (values: string[]) => void;
  disabled?: boolean;
  /** How the trigger names a choice of several ('3 countries'). */
  several: (count: number) => string;
};

/**
 * Arrow keys through the list's checkboxes: Down from the search box to the first, Down and Up
 * between them, Up from the first back to the search box, Home and End to either end. Tab still
 * walks through them one by one; Space ticks the focused one.
 */
function moveThroughList(event: KeyboardEvent, list: HTMLElement | null, search: HTMLInputElement | null) {
  if (!list || !["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key)) return;
  const boxes = Array.from(list.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'));
  const first = boxes[0];
  if (!first) return;
  const at = boxes.indexOf(event.target as HTMLInputElement);
  // In the search box, Home and End move the caret as usual.
  if (at === -1 && event.key !== "ArrowDown") return;
  event.preventDefault();
  const target =
    at === -1
      ? first
      : event.key === "Home"
        ? first
        : event.key === "End"
          ? boxes.at(-1)
          : event.key === "ArrowDown"
            ? (boxes[at + 1] ?? boxes[at])
            : at === 0
              ? search
              : boxes[at - 1];
  target?.focus();
}

/**
 * Several values from a long list (countries, industries): a button that opens a searchable list
 * of checkboxes. Native checkboxes keep it usable with a keyboard and a screen reader; the chosen
 * values also show as removable chips under the button.
 */
export function MultiSelect({
  id,
  label,
  placeholder,
  options,
  values,
  onChange,
  disabled,
  several,
}: MultiSelectProps) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const listId = useId();
  const listRef = useRef<HTMLFieldSetElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const onListKey = (event: KeyboardEvent) => moveThroughList(event, listRef.current, searchRef.current);
  const labelOf = useMemo(() => new Map(options.map((option) => [option.value, option.label])), [options]);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle ? options.filter((option) => option.label.toLowerCase().includes(needle)) : options;
  }, [filter, options]);
  const toggle = (value: string) =>
    onChange(values.includes(value) ? values.filter((item) => item !== value) : [...values, value]);
  const summary =
    values.length === 0
      ? placeholder
      : values.length === 1
        ? (labelOf.get(values[0] as string) ?? values[0])
        : several(values.length);

  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setFilter("");
        }}
      >
        <Popover.Trigger asChild disabled={disabled}>
          <button
            id={id}
            type="button"
            className="flex h-11 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3.5 text-left text-sm text-slate-900 shadow-xs transition-colors outline-hidden hover:border-slate-400 focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30 disabled:cursor-not-allowed disabled:opacity-60"
          >
            <span className={cn("truncate", values.length === 0 && "text-slate-600")}>{summary}</span>
            <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            className="z-50 flex max-h-(--radix-popover-content-available-height) w-(--radix-popover-trigger-width) min-w-64 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg"
          >
            <div className="border-b border-slate-100 p-2">
              <input
                ref={searchRef}
                type="search"
                value={filter}
                onKeyDown={onListKey}
                onChange={(event) => setFilter(event.target.value)}
                placeholder={`Search ${label.toLowerCase()}`}
                aria-label={`Search ${label.toLowerCase()}`}
                aria-controls={listId}
                className="h-9 w-full rounded-md border border-slate-300 px-2.5 text-sm outline-hidden focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30"
              />
            </div>
            <fieldset id={listId} ref={listRef} onKeyDown={onListKey} className="max-h-72 overflow-y-auto p-1">
              <legend className="sr-only">{label}</legend>
              {shown.length === 0 && <p className="px-2.5 py-2 text-sm text-slate-600">No matches.</p>}
              {shown.map((option) => {
                const checked = values.includes(option.value);
                return (
                  <label
                    key={option.value}
                    className="relative flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm hover:bg-indigo-50 has-focus-visible:bg-indigo-50"
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() => toggle(option.value)}
                      className="peer sr-only"
                    />
                    <span
                      aria-hidden="true"
                      className="flex size-4 shrink-0 items-center justify-center rounded border border-slate-400 peer-checked:border-indigo-600 peer-checked:bg-indigo-600 peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-600/40"
                    >
                      {checked && <Check className="size-3 text-white" />}
                    </span>
                    {option.label}
                  </label>
                );
              })}
            </fieldset>
            {values.length > 0 && (
              <div className="flex justify-end border-t border-slate-100 p-2">
                <button
                  type="button"
                  onClick={() => onChange([])}
                  className="rounded-md px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50"
                >
                  Clear
                </button>
              </div>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {values.length > 1 && (
        <ul aria-label={`Chosen ${label.toLowerCase()}`} className="flex flex-wrap gap-1.5">
          {values.map((value) => (
            <li key={value}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => toggle(value)}
                aria-label={`Remove ${labelOf.get(value) ?? value}`}
                className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-100 ring-inset hover:bg-indigo-100"
              >
                {labelOf.get(value) ?? value}
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type ToggleChipsProps = {
  label: string;
  options: readonly MultiOption[];
  values: string[];
  onChange: (values: string[]) => void;
  disabled?: boolean;
};

/** A short list (stages, regions) as buttons that each switch one value on or off. */
export function ToggleChips({ label, options, values, onChange, disabled }: ToggleChipsProps) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((option) => {
          const pressed = values.includes(option.value);
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={pressed}
              disabled={disabled}
              onClick={() =>
                onChange(pressed ? values.filter((item) => item !== option.value) : [...values, option.value])
              }
              className={cn(
                "inline-flex min-h-9 items-center gap-1 rounded-full px-3 text-sm font-medium ring-1 transition-colors ring-inset focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden disabled:cursor-not-allowed disabled:opacity-60",
                pressed
                  ? "bg-indigo-600 text-white ring-indigo-600 hover:bg-indigo-700"
                  : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
              )}
            >
              {pressed && <Check className="size-3.5" aria-hidden="true" />}
              {option.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
