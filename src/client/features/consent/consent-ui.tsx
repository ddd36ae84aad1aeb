import { useConsent } from "../../lib/consent.js";
import { CookieBanner } from "./cookie-banner.js";
import { CookiePreferencesDialog } from "./cookie-preferences-dialog.js";

/**
 * The consent feature's UI, loaded lazily and mounted once by the app shell. `beforeApp`: the
 * server's render and the browser's hydration of it, where the stored choice is not known yet:
 * the banner only, which the page shows or hides by the first script's reading (consent-mount.tsx).
 */
export function ConsentUi({ beforeApp = false }: { beforeApp?: boolean }) {
  const consent = useConsent();
  if (beforeApp) return <CookieBanner />;
  return (
    <>
      {/* Shown while no valid choice of the current version is stored. */}
      {consent === null && <CookieBanner />}
      <CookiePreferencesDialog />
    </>
  );
}
