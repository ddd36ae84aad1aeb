/**
 * The subscribe page's own words, not to be paraphrased. A module of its
 * own, like account-texts.ts: texts.ts is part of the home page's entry chunk, and everything in
 * here is only needed by the lazy subscribe page (docs/decisions/0006). Checkout, billing and
 * subscription manager messages are in billing-texts.ts.
 */
/** Premium's contact line, until the counted details replace it (src/shared/data-claims.ts, premiumHoldings). */
const CONTACT_FEATURE = "Fund contact information and investment criteria";

export const SUBSCRIBE_TEXTS = {
  title: "Supercharge Your Fundraising",
  intro: "See every matching fund, with the contact details and investment criteria you need to reach out.",
  backHome: "Back to Homepage",
  loading: "Loading your subscription",
  /** Profile and subscription pages. */
  statusLoadFailed: "Could not load subscription status.",
  demoNotice: "Demo mode: payments use a built-in test checkout. No card is charged.",

  choosePlan: "Choose Your Plan",
  choosePlanHint: "Payment runs in a secure popup window.",
  mostPopular: "Most popular",
  perMonth: "/month",
  perYear: "per year",
  cancelAnytime: "Cancel anytime",
  oneTime: "one-time",
  lifetimeNote: "Pay once, keep access forever",
  everythingInPremium: "Everything in Premium",
  subscribeMonthly: "Subscribe Monthly",
  getLifetime: "Get Lifetime Access",
  openingCheckout: "Opening checkout...",
  checkoutPending: "Complete your payment in the checkout window.",
  showCheckout: "Show checkout window",
  activating: "Activating your subscription...",

  guestEmailLabel: "Email address",
  guestEmailHint: "We create your account with this e-mail after payment.",
  guestHaveAccount: "Already have an account?",
  signInInstead: "Sign in instead",

  premiumFeatures: "Premium features",
  /** The premium benefits; the contact line gives way to the counted details (premiumHoldings) once they are known. */
  features: [
    "Unlimited fund access",
    "Advanced filtering",
    CONTACT_FEATURE,
    "Saved favourites",
    "Early access to new features",
  ],
  contactFeature: CONTACT_FEATURE,
  /** Only the Lifetime plan adds it. */
  excelExport: "Excel export of all funds",

  allSet: "You're all set!",
  allSetHint: "Your premium access is active. Every matching fund is now open to you.",
  subscriptionDetails: "Subscription details",
  status: "Status",
  type: "Type",
  renewsOn: "Renews on",
  endsOn: "Ends on",
  endingTitle: "Your plan will not renew",
  endingText: (date: string) =>
    `Premium ends on ${date}. You keep every premium feature until then and will not be charged again.`,
  resume: "Resume subscription",
  resuming: "Resuming...",
  resumeHint: "Changed your mind? Resume it and it renews as before.",
  accessUntil: "Access until",
  notAvailable: "N/A",
  manageBilling: "Manage Billing",
  billingUnavailable: "Billing Unavailable",
  openingBilling: "Opening...",
  upgradeToLifetime: "Upgrade to Lifetime",
  upgradeHint: (price: string) => `Switch to a one-time payment of ${price} and add the Excel export of all funds.`,
  yourBenefits: "Your benefits",
  findInvestors: "Find Investors",

  checkInbox: "Check your inbox",
  guestSent: (email: string) =>
    `Payment received. We have sent a link to set the password of your new account to ${email}.`,
  guestSentNoEmail: "Payment received. We have sent a link to set the password of your new account to your e-mail.",
  guestDemoOutbox: "Demo mode: the e-mail is not sent; it is written to the server log and to DATA_DIR/outbox.",
  logIn: "Log In",
} as const;
