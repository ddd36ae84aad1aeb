/** The texts of checkout, billing and the subscribe page. */
export const BILLING_TEXTS = {
  // Server fallbacks, shown when the payment provider fails.
  checkoutFailed: "Failed to create checkout session",
  portalFailed: "Failed to create customer portal session",
  upgradeFailed: "Failed to initiate lifetime upgrade.",
  // Client fallbacks, shown when the server sends no message of its own.
  checkoutFallback: "Could not initiate checkout. Please try again.",
  portalFallback: "Could not open billing management. Please try again.",
  upgradeFallback: "Could not initiate upgrade. Please try again.",
  paymentFailed: "Payment failed. Please try again.",
  paymentSuccess: "Payment successful! Your subscription is now active.",
  /** The checkout popup closed without a payment: its Cancel button, or closed by the person. */
  checkoutCancelled: "Checkout cancelled. Nothing was charged.",
  scriptNotLoaded: "The payment provider's script has not loaded yet. Please try again in a moment.",
  popupBlocked: "Failed to open the checkout window. Please allow pop-ups for this site and try again.",
  // Subscription manager messages.
  loginToManage: "Please log in to manage your billing.",
  billingNotAvailable:
    "Billing management is not available. Please contact support if you have an active subscription.",
  noSubscription: "No subscription found. Please subscribe first to manage billing.",
  portalOpenFailed: "Failed to open billing management. Please try again or contact support.",
  loginToUpgrade: "Please log in to upgrade your subscription.",
  upgradeOnlyMonthly: "Upgrade is only available for active monthly subscribers.",
  upgradeOpenFailed: "Failed to initiate upgrade. Please try again or contact support.",
  // Other server answers.
  alreadySubscribed: "You already have an active subscription. Manage it from the subscribe page.",
  alreadyLifetime: "You already have lifetime access.",
  checkoutNotPaid: "The payment was not completed.",
  checkoutUnknown: "This checkout session could not be found.",
  exportLifetimeOnly: "The Excel export is part of the Lifetime plan.",
  // Renewal: the member's Resume, and what deactivation and reactivation do to a monthly plan.
  nothingToResume: "There is no monthly subscription to resume.",
  subscriptionEnded: "This subscription has ended and cannot be resumed; you can subscribe again.",
  resumeFailed: "Failed to resume the subscription. Please try again.",
  resumeFallback: "Could not resume your subscription. Please try again.",
  stopForDeactivationFailed:
    "Your subscription's renewal could not be stopped at the payment provider, so the account was not deactivated. Please try again.",
  resumeAfterReactivationFailed:
    "The subscription's renewal could not be resumed at the payment provider, so the account was not reactivated. Please try again.",
} as const;
