import { ExternalLink, LoaderCircle, MapPin, Trash2 } from "lucide-react";
import { ACCOUNT_TEXTS } from "../../../../shared/account-texts.js";
import { formatFundSize } from "../../../../shared/fund-size.js";
import type { FundResult } from "../../../../shared/schemas/funds.js";
import { FundTags } from "../../../components/fund-tags.js";
import { Button } from "../../../components/ui/button.js";
import { displayHost, safeExternalUrl } from "../../../lib/safe-url.js";

type SavedFundCardProps = { fund: FundResult; removing: boolean; onRemove: () => void };

/** A saved fund on the profile page: the essentials and a way back to the fund's own site. */
export function SavedFundCard({ fund, removing, onRemove }: SavedFundCardProps) {
  const nameId = `saved-fund-${fund.id}-name`;
  const place = [fund.city, fund.country].filter(Boolean).join(", ");
  // Premium fields are absent for a fund the viewer may not see in full; only real links are shown.
  const website = fund.isPremium ? null : safeExternalUrl(fund.website);

  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={nameId} className="text-base leading-snug font-semibold text-slate-900">
            {fund.name}
          </h3>
          {place && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
              <MapPin className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              {place}
            </p>
          )}
        </div>
        <Button
          variant="outline"
          size="sm"
          aria-describedby={nameId}
          disabled={removing}
          onClick={onRemove}
          className="shrink-0 hover:border-red-200 hover:bg-red-50 hover:text-red-700"
        >
          {removing ? (
            <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
          ) : (
            <Trash2 aria-hidden="true" />
          )}
          {ACCOUNT_TEXTS.remove}
        </Button>
      </header>

      <dl className="grid gap-3 text-sm">
        <div className="flex items-baseline justify-between gap-3 rounded-xl bg-slate-50 px-3 py-2">
          <dt className="text-xs font-medium text-slate-600">Fund size</dt>
          <dd className="font-semibold text-slate-900">{formatFundSize(fund.fundSize, fund.currency)}</dd>
        </div>
        <FundTags fund={fund} compact />
      </dl>

      {website && (
        <a
          href={website.href}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-auto inline-flex max-w-full items-center gap-1 self-start text-sm font-medium text-indigo-700 underline-offset-4 hover:underline"
        >
          <span className="truncate">{displayHost(website)}</span>
          <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
    </article>
  );
}
