import type { ConsentPreferences } from "../../../shared/consent.js";
import { CONSENT_CATEGORIES, CONSENT_TEXTS } from "../../../shared/consent-texts.js";
import { Badge } from "../../components/ui/badge.js";
import { Switch } from "../../components/ui/switch.js";
import { cn } from "../../lib/utils.js";

type PreferenceRowsProps = {
  value: ConsentPreferences;
  onChange: (next: ConsentPreferences) => void;
  /** Keeps ids unique when the banner and the dialog are both on the page. */
  idPrefix: string;
  className?: string;
};

/** Necessary (locked on), Analytics and Marketing, as the banner and the dialog both show them. */
export function PreferenceRows({ value, onChange, idPrefix, className }: PreferenceRowsProps) {
  return (
    <ul className={cn("grid gap-2 sm:gap-3", className)}>
      {CONSENT_CATEGORIES.map((category) => {
        const switchId = `${idPrefix}-${category.id}`;
        const descriptionId = `${switchId}-description`;
        const locked = category.id === "necessary";
        return (
          <li
            key={category.id}
            className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-slate-50/60 px-3.5 py-3 sm:gap-1.5 sm:p-4"
          >
            <div className="flex items-center justify-between gap-4">
              <div className="flex items-center gap-2">
                <label htmlFor={switchId} className="text-sm font-semibold text-slate-900">
                  {category.label}
                </label>
                {locked && (
                  <Badge variant="muted" aria-hidden="true">
                    {CONSENT_TEXTS.alwaysOn}
                  </Badge>
                )}
              </div>
              <Switch
                id={switchId}
                aria-describedby={descriptionId}
                checked={locked || value[category.id]}
                // Necessary cookies cannot be refused; the description says so to assistive technology.
                disabled={locked}
                onCheckedChange={(checked) =>
                  onChange(
                    category.id === "analytics" ? { ...value, analytics: checked } : { ...value, marketing: checked },
                  )
                }
              />
            </div>
            <p id={descriptionId} className="text-[0.8125rem] leading-5 text-slate-600 sm:text-sm sm:leading-relaxed">
              {category.description}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
