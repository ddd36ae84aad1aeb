import { BookmarkPlus, LoaderCircle } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { canSaveSearches } from "../../../../shared/entitlements.js";
import { SAVE_SEARCH_TEXTS, SAVED_SEARCH_NAME_MAX } from "../../../../shared/saved-searches.js";
import { type SearchState, suggestedSearchName, toSearchRequest } from "../../../../shared/search-params.js";
import { Button } from "../../../components/ui/button.js";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../components/ui/dialog.js";
import { Input } from "../../../components/ui/input.js";
import { Switch } from "../../../components/ui/switch.js";
import { savedSearchError, useCreateSavedSearch } from "../../../lib/saved-searches.js";
import { useSessionQuery } from "../../../lib/use-session-query.js";

/**
 * 'Save this search' for subscribers (the server gates it either way): a small dialog with the
 * name, prefilled from the filters, and the weekly alert switch, on by default.
 */
export function SaveSearchButton({ values }: { values: SearchState }) {
  const user = useSessionQuery().data?.user;
  const [open, setOpen] = useState(false);
  if (!canSaveSearches(user)) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="self-start">
          <BookmarkPlus aria-hidden="true" />
          {SAVE_SEARCH_TEXTS.button}
        </Button>
      </DialogTrigger>
      {open && <SaveSearchDialog values={values} onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

function SaveSearchDialog({ values, onDone }: { values: SearchState; onDone: () => void }) {
  const ids = useId();
  const [name, setName] = useState(() => suggestedSearchName(values, SAVED_SEARCH_NAME_MAX));
  const [alerts, setAlerts] = useState(true);
  const create = useCreateSavedSearch();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, search: toSearchRequest(values), alerts },
      {
        onSuccess: () => {
          onDone();
          void import("sonner").then(({ toast }) =>
            toast.success(SAVE_SEARCH_TEXTS.saved, {
              action: <Link to="/profile">{SAVE_SEARCH_TEXTS.viewSaved}</Link>,
            }),
          );
        },
      },
    );
  };

  const error = create.isError ? savedSearchError(create.error, SAVE_SEARCH_TEXTS.failed) : null;
  return (
    <DialogContent>
      <form onSubmit={submit} className="grid gap-5" noValidate>
        <DialogHeader>
          <DialogTitle>{SAVE_SEARCH_TEXTS.title}</DialogTitle>
          <DialogDescription>{SAVE_SEARCH_TEXTS.description}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <label htmlFor={`${ids}-name`} className="text-sm font-medium text-slate-800">
            {SAVE_SEARCH_TEXTS.name}
          </label>
          <Input
            id={`${ids}-name`}
            value={name}
            maxLength={SAVED_SEARCH_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
            required
          />
        </div>
        <div className="flex items-center gap-3">
          <Switch id={`${ids}-alerts`} checked={alerts} onCheckedChange={setAlerts} />
          <label htmlFor={`${ids}-alerts`} className="text-sm text-slate-800">
            {SAVE_SEARCH_TEXTS.alerts}
          </label>
        </div>
        {error && (
          <p id={`${ids}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {SAVE_SEARCH_TEXTS.cancel}
          </Button>
          <Button type="submit" disabled={create.isPending || !name.trim()}>
            {create.isPending && <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />}
            {SAVE_SEARCH_TEXTS.save}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
