import { FlaskConical, LoaderCircle } from "lucide-react";
import { useId } from "react";
import { AUTH_TEXTS, OAUTH_TEXTS } from "../../../../shared/auth-texts.js";
import { Button } from "../../../components/ui/button.js";

/**
 * The identity providers this page knows how to offer, in the order they are shown. The demo
 * provider stands in when no OpenID keys are configured (docs/decisions/0013), labelled as such.
 */
const PROVIDERS = [
  { id: "google", label: OAUTH_TEXTS.continueWithGoogle, demo: false },
  { id: "demo", label: OAUTH_TEXTS.continueWithDemo, demo: true },
] as const;

export function offeredProviders(configured: readonly string[]) {
  return PROVIDERS.filter((provider) => configured.includes(provider.id));
}

type SocialSignInProps = {
  configured: readonly string[];
  /** The provider whose popup is open, if any. */
  connecting: string | null;
  disabled: boolean;
  onStart: (provider: string) => void;
};

/** The provider buttons and the OR separator; nothing at all while no provider is configured. */
export function SocialSignIn({ configured, connecting, disabled, onStart }: SocialSignInProps) {
  const providers = offeredProviders(configured);
  const demoNoteId = useId();
  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        {providers.map((provider) => (
          <Button
            key={provider.id}
            variant="outline"
            size="lg"
            className="w-full"
            disabled={disabled || connecting !== null}
            aria-describedby={provider.demo ? demoNoteId : undefined}
            onClick={() => onStart(provider.id)}
          >
            {connecting === provider.id ? (
              <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
            ) : provider.demo ? (
              <FlaskConical className="size-5 text-amber-600" aria-hidden="true" />
            ) : (
              <GoogleMark />
            )}
            {provider.label}
          </Button>
        ))}
        {providers.some((provider) => provider.demo) && (
          <p
            id={demoNoteId}
            className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs leading-relaxed text-amber-900"
          >
            {OAUTH_TEXTS.demoNotice}
          </p>
        )}
      </div>
      <div className="flex items-center gap-3 text-xs font-medium text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        {AUTH_TEXTS.or}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.94l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1 7.7 1 3.99 3.47 2.18 7.06l3.66 2.84c.87-2.6 3.3-4.52 6.16-4.52z"
      />
    </svg>
  );
}
