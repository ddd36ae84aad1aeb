/**
 * The subscribe page's plans as a plain HTML form (issue 38): before the app starts, a plan's
 * button posts this form into the checkout window (its `target`, the name the app's popup has
 * too), and the API's form route answers with a redirect to the checkout, or with the popup page
 * that reports the error to the page. The app's own handler takes over once it runs.
 */
export const CHECKOUT_FORM_ACTION = "/_api/stripe/checkout_form";
/** The callback page a checkout returns to (the popup's last page). */
export const CHECKOUT_CALLBACK_PATH = "/_api/checkout-callback";
