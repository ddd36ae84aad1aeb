import { BellRing, Pencil, Search, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES_TEXTS } from "../../../../shared/saved-searches.js";
import type { FundSearchRequest } from "../../../../shared/schemas/funds.js";
import { searchRequestHref, searchStateFromRequest, searchSummary } from "../../../../shared/search-params.js";
import { Button } from "../../../components/ui/button.js";
import { Card, CardContent, CardHeader } from "../../../components/ui/card.js";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.js";
import { Input } from "../../../components/ui/input.js";
import { Skeleton } from "../../../components/ui/skeleton.js";
import { Switch } from "../../../components/ui/switch.js";
import {
  type SavedSearch,
  savedSearchError,
  useDeleteSavedSearch,
  useSavedSearches,
  useUpdateSavedSearch,
} from "../../../lib/saved-searches.js";

const T = SAVED_SEARCHES_TEXTS;

/**
 * The profile's 'Saved searches': each with its name, its filters in a line, Open (runs it on the
 * home page), Rename (inline), the weekly alert switch and Delete (confirmed). Listed for a lapsed
 * subscriber too: their searches are theirs; the alert job sends nothing without a subscription.
 */
export function SavedSearchesCard({ subscribed }: { subscribed: boolean }) {
  const list = useSavedSearches(true);
  const items = list.data ?? [];
  return (
    <Card>
      <CardHeader className="pb-4">
        <h2 className="text-lg font-semibold tracking-tight text-slate-900">{T.title}</h2>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <div className="flex flex-col gap-3" aria-hidden="true">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : list.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {T.loadFailed}
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600">{T.empty}</p>
        ) : (
          <>
            {!subscribed && items.some((item) => item.alerts) && (
              <p className="mb-3 text-xs text-slate-600">{T.alertsPaused}</p>
            )}
            <ul className="flex flex-col divide-y divide-slate-200" aria-label={T.title}>
              {items.map((item) => (
                <SavedSearchItem key={item.id} item={item} />
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function SavedSearchItem({ item }: { item: SavedSearch }) {
  const ids = useId();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const search = item.search as FundSearchRequest;
  const summary = searchSummary(searchStateFromRequest(search));
  const error = update.isError
    ? savedSearchError(update.error, T.updateFailed)
    : remove.isError
      ? savedSearchError(remove.error, T.deleteFailed)
      : null;

  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0" aria-labelledby={`${ids}-name`}>
      {renaming ? (
        <RenameForm
          name={item.name}
          pending={update.isPending}
          onCancel={() => setRenaming(false)}
          onSave={(name) => update.mutate({ id: item.id, name }, { onSuccess: () => setRenaming(false) })}
        />
      ) : (
        <div className="min-w-0">
          <h3 id={`${ids}-name`} className="font-medium break-words text-slate-900">
            {item.name}
          </h3>
          {summary !== item.name && <p className="text-xs break-words text-slate-600">{summary}</p>}
        </div>
      )}
      <div className="flex items-center gap-2">
        <Switch
          id={`${ids}-alerts`}
          checked={item.alerts}
          disabled={update.isPending}
          onCheckedChange={(alerts) => update.mutate({ id: item.id, alerts })}
        />
        <label htmlFor={`${ids}-alerts`} className="flex items-center gap-1 text-sm text-slate-700">
          <BellRing className="size-3.5" aria-hidden="true" />
          {T.alerts}
        </label>
      </div>
      <div className="flex flex-wrap gap-1.5">
        <Button asChild size="sm">
          <Link to={searchRequestHref(search)} aria-label={`${T.open}: ${item.name}`}>
            <Search aria-hidden="true" />
            {T.open}
          </Link>
        </Button>
        {!renaming && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setRenaming(true)}
            aria-label={`${T.rename}: ${item.name}`}
          >
            <Pencil aria-hidden="true" />
            {T.rename}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          onClick={() => setConfirming(true)}
          aria-label={`${T.delete}: ${item.name}`}
        >
          <Trash2 aria-hidden="true" />
          {T.delete}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{T.deleteTitle}</DialogTitle>
            <DialogDescription>{T.deleteBody(item.name)}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {T.cancel}
            </Button>
            <Button
              className="bg-red-700 text-white hover:bg-red-800"
              disabled={remove.isPending}
              onClick={() => remove.mutate(item.id, { onSettled: () => setConfirming(false) })}
            >
              {T.delete}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </li>
  );
}

function RenameForm({
  name,
  pending,
  onSave,
  onCancel,
}: {
  name: string;
  pending: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState(name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) onSave(value);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        {T.rename}
      </label>
      <Input
        id={id}
        value={value}
        maxLength={SAVED_SEARCH_NAME_MAX}
        onChange={(event) => setValue(event.target.value)}
        autoFocus
      />
      <div className="flex gap-1.5">
        <Button type="submit" size="sm" disabled={pending || !value.trim()}>
          {T.save}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}
