import { MailCheck } from "lucide-react";
import { Link } from "react-router";
import { SUBSCRIBE_TEXTS } from "../../../../shared/subscribe-texts.js";
import { Button } from "../../../components/ui/button.js";

/**
 * After a guest checkout: the account is created from the payment e-mail and a
 * link to set its password is on its way. Rendered inside the page's live region, so that screen
 * readers announce it when it appears.
 */
export function GuestPaidCard({ email, demo }: { email: string | null; demo: boolean }) {
  return (
    <section
      aria-labelledby="check-inbox-title"
      className="mx-auto flex w-full max-w-xl flex-col items-center rounded-2xl border border-emerald-200 bg-white px-6 py-10 text-center shadow-sm"
    >
      <span className="flex size-12 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700 ring-1 ring-emerald-100">
        <MailCheck className="size-6" aria-hidden="true" />
      </span>
      <h2 id="check-inbox-title" className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
        {SUBSCRIBE_TEXTS.checkInbox}
      </h2>
      <p className="mt-2 max-w-md text-slate-700">
        {email ? SUBSCRIBE_TEXTS.guestSent(email) : SUBSCRIBE_TEXTS.guestSentNoEmail}
      </p>
      {demo && <p className="mt-3 max-w-md text-sm text-slate-600">{SUBSCRIBE_TEXTS.guestDemoOutbox}</p>}
      <Button asChild variant="outline" className="mt-6">
        <Link to="/login">{SUBSCRIBE_TEXTS.logIn}</Link>
      </Button>
    </section>
  );
}
