import { History, Pencil, Trash2, TriangleAlert } from "lucide-react";
import { useDeferredValue, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { ADMIN_TEXTS, FUNDS_ADMIN_TEXTS, fundDeleteText, fundsLoadFailedText } from "../../../shared/admin-texts.js";
import { countOf } from "../../../shared/inflect.js";
import { INVESTOR_TEXTS } from "../../../shared/investor-texts.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import type { AdminFund } from "../../../shared/schemas/admin-funds.js";
import { stageLabel } from "../../../shared/stages.js";
import { ScrollFrame } from "../../components/scroll-frame.js";
import { Button } from "../../components/ui/button.js";
import { Skeleton } from "../../components/ui/skeleton.js";
import { messageOr } from "../../lib/api-client.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { cn } from "../../lib/utils.js";
import { AdminPageHeader, AdminSearchField } from "./components/admin-page-header.js";
import { ConfirmDialog } from "./components/confirm-dialog.js";
import { FundEditDialog } from "./funds/fund-edit-dialog.js";
import { useAdminFund, useAdminFunds, useDeleteFund } from "./funds/use-admin-funds.js";

const PAGE_SIZE = 25;
const SKELETON_ROWS = 5;

/** Fund management (/admin/funds): the paged, searchable table with Edit and Delete. */
export function FundsPage() {
  usePageMeta(PAGE_META["/admin/funds"]);
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const deferredQuery = useDeferredValue(query.trim());
  const funds = useAdminFunds(deferredQuery, page, PAGE_SIZE);
  const remove = useDeleteFund();
  const [editing, setEditing] = useState<AdminFund | null>(null);
  // A link may name the fund to edit (/admin/funds?edit=123: a report, the data page): its form opens.
  const [searchParams, setSearchParams] = useSearchParams();
  const editParam = searchParams.get("edit");
  const linkedId = editParam && /^\d{1,10}$/.test(editParam) ? Number(editParam) : null;
  const linked = useAdminFund(linkedId);
  useEffect(() => {
    if (linked.data) setEditing(linked.data.fund);
  }, [linked.data]);
  useEffect(() => {
    if (linked.isError) toast.error(messageOr(linked.error, FUNDS_ADMIN_TEXTS.loadFailed));
  }, [linked.isError, linked.error]);
  const closeEdit = () => {
    setEditing(null);
    if (editParam !== null) setSearchParams({}, { replace: true });
  };
  const [deleting, setDeleting] = useState<AdminFund | null>(null);
  const total = funds.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const columns = FUNDS_ADMIN_TEXTS.columns;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(FUNDS_ADMIN_TEXTS.deleted),
      onError: (error) => toast.error(messageOr(error, FUNDS_ADMIN_TEXTS.deleteFailed)),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <section aria-labelledby="funds-title" className="flex flex-col gap-6">
      <AdminPageHeader
        titleId="funds-title"
        title={FUNDS_ADMIN_TEXTS.title}
        description={FUNDS_ADMIN_TEXTS.description}
      >
        <AdminSearchField
          id="funds-search"
          label="Search funds"
          placeholder={FUNDS_ADMIN_TEXTS.searchPlaceholder}
          value={query}
          onChange={(value) => {
            setQuery(value);
            setPage(1);
          }}
          className="md:w-96"
        />
      </AdminPageHeader>

      {funds.isError ? (
        <p
          role="alert"
          className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {fundsLoadFailedText(messageOr(funds.error, FUNDS_ADMIN_TEXTS.loadFailed))}
        </p>
      ) : (
        // On a phone the table keeps the name (with the country, stages and source under it) and the
        // actions; the other columns come back from md up.
        <ScrollFrame label="Funds" hint={ADMIN_TEXTS.scrollHint} frameClassName="rounded-2xl shadow-sm">
          <table className="w-full text-left text-sm md:min-w-[52rem]" aria-busy={funds.isPending}>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={cn(
                      "px-3 py-3",
                      column === "Actions" && "text-right",
                      column !== "Name" && column !== "Actions" && "hidden md:table-cell",
                    )}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {funds.isPending ? (
                Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
                  <tr key={index}>
                    {columns.map((column) => (
                      <td
                        key={column}
                        className={cn("px-3 py-4", column !== "Name" && column !== "Actions" && "hidden md:table-cell")}
                      >
                        <Skeleton className="h-4 w-full max-w-32" />
                      </td>
                    ))}
                  </tr>
                ))
              ) : funds.data.funds.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="px-3 py-12 text-center text-slate-600">
                    {FUNDS_ADMIN_TEXTS.noFunds}
                  </td>
                </tr>
              ) : (
                funds.data.funds.map((fund) => {
                  const stages = fund.fundingStages.map(stageLabel).join(", ");
                  return (
                    <tr key={fund.id} className="align-middle">
                      <td className="px-3 py-3 break-words text-slate-900 md:min-w-44">
                        <span className="font-medium">{fund.name}</span>
                        <span className="mt-0.5 block text-xs text-slate-600 md:hidden">
                          {fund.city ? `${fund.city}, ${fund.country}` : fund.country} · {stages}
                        </span>
                        <span className="block text-xs text-slate-500 md:hidden">
                          {fund.source}
                          {fund.importId !== null && ` (${FUNDS_ADMIN_TEXTS.importLabel} #${fund.importId})`}
                          {fund.lastReviewed && ` · ${FUNDS_ADMIN_TEXTS.reviewed} ${fund.lastReviewed}`}
                        </span>
                      </td>
                      <td className="hidden px-3 py-3 text-slate-700 md:table-cell">
                        {fund.country}
                        {fund.city && <span className="block text-xs text-slate-500">{fund.city}</span>}
                      </td>
                      <td className="hidden px-3 py-3 text-slate-700 md:table-cell">{stages}</td>
                      <td className="hidden px-3 py-3 whitespace-nowrap text-slate-700 md:table-cell">
                        {fund.lastReviewed ?? "—"}
                      </td>
                      <td className="hidden max-w-48 px-3 py-3 text-slate-700 md:table-cell">
                        <span className="block truncate" title={fund.source}>
                          {fund.source}
                        </span>
                        {fund.importId !== null && (
                          <span className="block text-xs text-slate-500">
                            {FUNDS_ADMIN_TEXTS.importLabel} #{fund.importId}
                          </span>
                        )}
                      </td>
                      <td className="px-3 py-3">
                        {/* Icon buttons on a phone; their names are in aria-label either way. */}
                        <div className="flex justify-end gap-1.5">
                          <Button
                            variant="outline"
                            size="sm"
                            className="size-9 px-0 sm:h-8 sm:w-auto sm:px-2.5"
                            aria-haspopup="dialog"
                            aria-label={`${FUNDS_ADMIN_TEXTS.edit} ${fund.name}`}
                            onClick={() => setEditing(fund)}
                          >
                            <Pencil aria-hidden="true" />
                            <span className="sr-only sm:not-sr-only">{FUNDS_ADMIN_TEXTS.edit}</span>
                          </Button>
                          <Button
                            asChild
                            variant="outline"
                            size="sm"
                            className="size-9 px-0 sm:h-8 sm:w-auto sm:px-2.5"
                          >
                            <Link
                              to={`/admin/funds/${fund.id}/history`}
                              aria-label={`${INVESTOR_TEXTS.historyLink} of ${fund.name}`}
                            >
                              <History aria-hidden="true" />
                              <span className="sr-only sm:not-sr-only">{INVESTOR_TEXTS.historyLink}</span>
                            </Link>
                          </Button>
                          <Button
                            variant="outline"
                            size="sm"
                            className="size-9 px-0 text-red-700 hover:border-red-200 hover:bg-red-50 hover:text-red-800 sm:h-8 sm:w-auto sm:px-2.5"
                            aria-haspopup="dialog"
                            aria-label={`${FUNDS_ADMIN_TEXTS.delete} ${fund.name}`}
                            onClick={() => setDeleting(fund)}
                          >
                            <Trash2 aria-hidden="true" />
                            <span className="sr-only sm:not-sr-only">{FUNDS_ADMIN_TEXTS.delete}</span>
                          </Button>
                        </div>
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </ScrollFrame>
      )}

      <nav aria-label="Pages" className="flex items-center justify-between gap-4 text-sm text-slate-700">
        <p data-testid="funds-total">
          {countOf(total, "fund", "funds")} · page {page} of {pages}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {FUNDS_ADMIN_TEXTS.previous}
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {FUNDS_ADMIN_TEXTS.next}
          </Button>
        </div>
      </nav>

      <FundEditDialog fund={editing} onClose={closeEdit} />

      <ConfirmDialog
        open={deleting !== null}
        pending={remove.isPending}
        title={FUNDS_ADMIN_TEXTS.deleteTitle}
        description={deleting ? fundDeleteText(deleting.name) : ""}
        confirmLabel={FUNDS_ADMIN_TEXTS.deleteConfirm}
        destructive
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
