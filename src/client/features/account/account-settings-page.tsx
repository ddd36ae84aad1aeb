import { KeyRound, Mail, Shield, ShieldCheck, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { ACCOUNT_TEXTS } from "../../../shared/account-texts.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import type { SessionUser } from "../../../shared/schemas/auth.js";
import { CardContent, CardHeader } from "../../components/ui/card.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { cn } from "../../lib/utils.js";
import { useConfirmation, useCurrentUser } from "./api/use-account-queries.js";
import { ChangePasswordForm } from "./components/change-password-form.js";
import { EmailPreferencesCard } from "./components/email-preferences-card.js";
import { AccessDenied, BackHomeButton, PageSkeleton } from "./components/page-states.js";
import { PrivacyActions } from "./components/privacy-card.js";
import { UpdateProfileForm } from "./components/update-profile-form.js";
import { confirmationSentence } from "./confirmation-texts.js";

const SECTIONS = [
  { id: "profile", label: ACCOUNT_TEXTS.sectionProfile, icon: UserRound },
  { id: "password", label: ACCOUNT_TEXTS.sectionPassword, icon: KeyRound },
  { id: "email", label: ACCOUNT_TEXTS.sectionEmail, icon: Mail },
  { id: "privacy", label: ACCOUNT_TEXTS.sectionPrivacy, icon: Shield },
] as const;

/** Account settings. */
export function AccountSettingsPage() {
  usePageMeta(PAGE_META["/account-settings"]);
  const current = useCurrentUser();
  if (current.status === "loading") return <PageSkeleton label="Loading your account settings" />;
  if (current.status === "anonymous") return <AccessDenied message={ACCOUNT_TEXTS.mustBeLoggedIn} />;
  return <AccountSettings user={current.user} />;
}

function AccountSettings({ user }: { user: SessionUser }) {
  const { hash } = useLocation();
  const confirmation = useConfirmation();
  if (confirmation.status === "loading") return <PageSkeleton label="Loading your account settings" />;
  const { kind, recentSignInUntil } = confirmation;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{ACCOUNT_TEXTS.settingsTitle}</h1>
        <BackHomeButton />
      </div>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[14rem_1fr] lg:gap-8">
        <nav aria-label="Account settings sections" className="min-w-0 lg:sticky lg:top-24">
          <ul className="flex gap-2 overflow-x-auto lg:flex-col lg:gap-1">
            {SECTIONS.map((section) => {
              const current = hash === `#${section.id}`;
              return (
                <li key={section.id}>
                  <Link
                    to={{ hash: `#${section.id}` }}
                    aria-current={current ? "location" : undefined}
                    className={cn(
                      "flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900",
                      current && "bg-indigo-50 text-indigo-800 hover:bg-indigo-50",
                    )}
                  >
                    <section.icon className="size-4 shrink-0" aria-hidden="true" />
                    {section.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-col gap-6">
          <ConfirmationNotice
            sentence={confirmationSentence(kind, recentSignInUntil, user.email)}
            withoutPassword={!confirmation.hasPassword}
          />
          <SettingsCard id="profile" title={ACCOUNT_TEXTS.updateProfile} className="max-w-xl">
            {/* Mounted again when the confirmation changes: its fields change with it. */}
            <UpdateProfileForm key={kind} user={user} confirmation={kind} recentSignInUntil={recentSignInUntil} />
          </SettingsCard>
          <SettingsCard
            id="password"
            title={confirmation.hasPassword ? ACCOUNT_TEXTS.changePassword : ACCOUNT_TEXTS.setPasswordTitle}
            className="max-w-xl"
          >
            <ChangePasswordForm key={kind} confirmation={kind} recentSignInUntil={recentSignInUntil} />
          </SettingsCard>
          <SettingsCard id="email" title={ACCOUNT_TEXTS.sectionEmail} className="max-w-xl">
            <EmailPreferencesCard />
          </SettingsCard>
          <SettingsCard id="privacy" title={ACCOUNT_TEXTS.sectionPrivacy}>
            <PrivacyActions />
          </SettingsCard>
        </div>
      </div>
    </div>
  );
}

/**
 * Which confirmation a change needs from this session, said once above the cards; an account
 * without a password is offered to set one by the e-mailed reset link as well.
 */
function ConfirmationNotice({ sentence, withoutPassword }: { sentence: string; withoutPassword: boolean }) {
  return (
    <section
      aria-label={ACCOUNT_TEXTS.confirmationTitle}
      className="flex items-start gap-3 rounded-2xl border border-indigo-100 bg-indigo-50/60 px-4 py-3 text-sm text-slate-800"
    >
      <ShieldCheck className="mt-0.5 size-4 shrink-0 text-indigo-700" aria-hidden="true" />
      <p>
        {sentence}
        {withoutPassword && (
          <>
            {" "}
            <Link to="/forgot-password" className="font-medium text-indigo-700 underline underline-offset-2">
              {ACCOUNT_TEXTS.setPasswordLink}
            </Link>
          </>
        )}
      </p>
    </section>
  );
}

type SettingsCardProps = { id: string; title: string; children: ReactNode; className?: string };

function SettingsCard({ id, title, children, className }: SettingsCardProps) {
  const titleId = `${id}-title`;
  return (
    // The card's look on a section element, so each card is a landmark the sidebar links point at.
    <section
      id={id}
      aria-labelledby={titleId}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <CardHeader className="pb-5">
        <h2 id={titleId} className="text-xl font-semibold tracking-tight text-slate-900">
          {title}
        </h2>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </section>
  );
}
