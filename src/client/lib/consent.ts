import { useSyncExternalStore } from "react";
import {
  CONSENT_STORAGE_KEY,
  type ConsentPreferences,
  type ConsentRecord,
  consentRecord,
  parseConsentRecord,
} from "../../shared/consent.js";

/**
 * The visitor's cookie choice, as a tiny external store so that any feature
 * can read it or ask for the preferences dialog without importing the consent feature, whose UI is
 * loaded lazily by the app shell.
 */

type Listener = () => void;

/** Storage failures (private mode, quota, storage disabled) are only logged. */
function readStoredRecord(): ConsentRecord | null {
  try {
    return parseConsentRecord(window.localStorage.getItem(CONSENT_STORAGE_KEY));
  } catch (error) {
    console.warn("Could not read the stored cookie choice.", error);
    return null;
  }
}

function writeStoredRecord(record: ConsentRecord): void {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record));
  } catch (error) {
    // The choice still applies to this page view; the banner simply asks again on the next visit.
    console.warn("Could not store the cookie choice.", error);
  }
}

let record: ConsentRecord | null | undefined;
const consentListeners = new Set<Listener>();

function emit(listeners: Set<Listener>): void {
  for (const listener of listeners) listener();
}

/** The current choice, or null while the visitor has not made one (the banner shows). */
export function getConsent(): ConsentRecord | null {
  if (record === undefined) record = readStoredRecord();
  return record;
}

export function saveConsent(preferences: ConsentPreferences): ConsentRecord {
  const next = consentRecord(preferences);
  writeStoredRecord(next);
  record = next;
  emit(consentListeners);
  return next;
}

export function subscribeConsent(listener: Listener): () => void {
  if (consentListeners.size === 0) window.addEventListener("storage", onStorage);
  consentListeners.add(listener);
  return () => {
    consentListeners.delete(listener);
    if (consentListeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

/** A choice made in another tab applies here too (the event only fires for other documents). */
function onStorage(event: StorageEvent): void {
  if (event.key !== CONSENT_STORAGE_KEY && event.key !== null) return;
  record = readStoredRecord();
  emit(consentListeners);
}

export function hasAnalyticsConsent(): boolean {
  return getConsent()?.preferences.analytics === true;
}

export function useConsent(): ConsentRecord | null {
  return useSyncExternalStore(subscribeConsent, getConsent, () => null);
}

// The preferences dialog is a request rather than an event: it can be made before the consent UI
// has loaded, and the UI picks it up when it arrives.
let preferencesOpen = false;
let returnFocusTo: HTMLElement | null = null;
const preferencesListeners = new Set<Listener>();

/** Opens the cookie preferences dialog (privacy page, profile page, anywhere). */
export function openCookiePreferences(): void {
  if (preferencesOpen) return;
  // Opened from code, the dialog has no Radix trigger to hand focus back to; remember the opener.
  returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  preferencesOpen = true;
  emit(preferencesListeners);
}

export function closeCookiePreferences(): void {
  if (!preferencesOpen) return;
  preferencesOpen = false;
  emit(preferencesListeners);
}

/** The element that had focus when the dialog was requested, for the dialog to return focus to. */
export function takePreferencesReturnFocus(): HTMLElement | null {
  const element = returnFocusTo;
  returnFocusTo = null;
  return element?.isConnected ? element : null;
}

function subscribePreferences(listener: Listener): () => void {
  preferencesListeners.add(listener);
  return () => preferencesListeners.delete(listener);
}

const getPreferencesOpen = () => preferencesOpen;

export function useCookiePreferencesOpen(): boolean {
  return useSyncExternalStore(subscribePreferences, getPreferencesOpen, () => false);
}
