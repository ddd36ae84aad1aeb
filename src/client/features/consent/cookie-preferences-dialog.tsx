import { useState } from "react";
import { type ConsentPreferences, DEFAULT_CONSENT } from "../../../shared/consent.js";
import { CONSENT_TEXTS } from "../../../shared/consent-texts.js";
import { Button } from "../../components/ui/button.js";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.js";
import {
  closeCookiePreferences,
  getConsent,
  saveConsent,
  takePreferencesReturnFocus,
  useCookiePreferencesOpen,
} from "../../lib/consent.js";
import { PreferenceRows } from "./preference-rows.js";

/** The dialog any page opens with openCookiePreferences() (privacy page, profile page). */
export function CookiePreferencesDialog() {
  const open = useCookiePreferencesOpen();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) closeCookiePreferences();
      }}
    >
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] max-w-lg gap-4 overflow-y-auto sm:gap-5"
        onCloseAutoFocus={(event) => {
          const opener = takePreferencesReturnFocus();
          if (!opener) return;
          event.preventDefault();
          opener.focus();
        }}
      >
        {/* Mounted per opening, so the draft starts from the stored choice every time. */}
        <PreferencesForm />
      </DialogContent>
    </Dialog>
  );
}

function PreferencesForm() {
  const [draft, setDraft] = useState<ConsentPreferences>(() => getConsent()?.preferences ?? DEFAULT_CONSENT);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{CONSENT_TEXTS.preferencesTitle}</DialogTitle>
        <DialogDescription>
          Necessary cookies are always on; the others need your consent. You can change your choice at any time.
        </DialogDescription>
      </DialogHeader>
      <PreferenceRows value={draft} onChange={setDraft} idPrefix="cookie-dialog" />
      <DialogFooter className="grid grid-cols-2 sm:flex">
        <DialogClose asChild>
          <Button variant="outline">{CONSENT_TEXTS.cancel}</Button>
        </DialogClose>
        <Button
          onClick={() => {
            saveConsent(draft);
            closeCookiePreferences();
          }}
        >
          {CONSENT_TEXTS.savePreferences}
        </Button>
      </DialogFooter>
    </>
  );
}
