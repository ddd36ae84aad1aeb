/** The /unsubscribe page: the link in an optional e-mail's footer lands here and asks first. */
export const UNSUBSCRIBE_TEXTS = {
  title: "Unsubscribe",
  intro:
    "Stop receiving this kind of e-mail from FundMatch? Other e-mails, such as those about your password and payments, are not affected.",
  confirm: "Unsubscribe",
  working: "Unsubscribing…",
  missingToken: "This unsubscribe link is incomplete. Turn the e-mail off in Account Settings, under E-mail.",
  failed: "We could not unsubscribe you just now. Please try again.",
  settingsLink: "E-mail settings",
} as const;
