import { useConsent } from "../../lib/consent.js";
import { CookieBanner } from "./cookie-banner.js";
import { CookiePreferencesDialog } from "./cookie-preferences-dialog.js";

/** The consent feature's UI, loaded lazily and mounted once by the app shell. */
export function ConsentUi() {
  const consent = useConsent();
  return (
    <>
      {/* Shown while no valid choice of the current version is stored. */}
      {consent === null && <CookieBanner />}
      <CookiePreferencesDialog />
    </>
  );
}
