import { useCallback, useState } from "react";
import { toast } from "sonner";
import { BILLING_TEXTS } from "../../../shared/billing-texts.js";
import { billingErrorMessage, createPortalSession } from "./api/billing-api.js";
import type { Availability } from "./subscription-display.js";

/**
 * Manage Billing: the customer portal opens in a new tab. The tab is
 * opened blank within the click, so that pop-up blockers allow it, and sent to the portal when the
 * server answers; on a failure it is closed again and the error is shown. Coming back from the
 * portal's tab, the page reads the account again (use-refresh-on-return.ts).
 */
export function useBillingPortal(availability: Availability, openingText: string) {
  const [pending, setPending] = useState(false);

  const open = useCallback(async () => {
    if (!availability.available) {
      toast.error(availability.reason);
      return;
    }
    let tab: Window | null = null;
    try {
      tab = window.open("about:blank", "_blank");
    } catch {
      tab = null;
    }
    if (tab) {
      try {
        // The portal is another site: it gets no handle on this page (reverse tabnabbing).
        tab.opener = null;
        tab.document.title = openingText;
        tab.document.body.textContent = openingText;
      } catch {
        // Cosmetic; the tab is sent on all the same.
      }
    }
    setPending(true);
    try {
      const url = await createPortalSession(window.location);
      if (!tab) {
        // Blocked after all: this tab goes instead, and the portal's return address brings it back.
        window.location.assign(url);
      } else if (!tab.closed) {
        tab.location.href = url;
      }
    } catch (error) {
      if (tab && !tab.closed) tab.close();
      toast.error(billingErrorMessage(error, BILLING_TEXTS.portalFallback, BILLING_TEXTS.portalOpenFailed));
    } finally {
      setPending(false);
    }
  }, [availability, openingText]);

  return { open, pending };
}
