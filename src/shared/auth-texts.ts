/**
 * The login page's and the account menu's words, not to be paraphrased.
 * A module of their own, like consent-texts.ts: texts.ts is part of the home page's entry chunk,
 * and everything in here is only needed by lazy chunks (docs/decisions/0006).
 */
export const AUTH_TEXTS = {
  profile: "Profile",
  savedFunds: "Saved Funds",
  /** The account menu's link to the fund's own editor, for members of a fund's team only (issue 24). */
  myFunds: "My funds",
  accountSettings: "Account Settings",
  logout: "Logout",
  loginTitle: "Welcome back",
  registerTitle: "Create an account",
  loginSubmit: "Log In",
  loginPending: "Logging in...",
  registerSubmit: "Create Account",
  registerPending: "Creating Account...",
  toRegisterLead: "Don't have an account?",
  toRegister: "Sign up",
  toLoginLead: "Already have an account?",
  toLogin: "Log in",
  or: "OR",
  backHome: "Back to Home",
  /** /login opened from a visitor's "Save to pipeline" (issue 37). */
  saveAfterSignIn:
    "Afterwards you are back where you were, and the fund you chose goes into your pipeline (a Premium feature).",
  passwordHint: "Password needs uppercase, lowercase and a number.",
  displayNameHint: "Your display name may contain spaces, emojis and special characters.",
  sessionCheckFailed: "Session check failed",
  forgotPassword: "Forgot password?",
} as const;

export const AUTH_ERRORS = {
  loginFailed: "Login failed",
  loginFallback: "Login failed. Please try again.",
  registrationFallback: "Registration failed. Please try again.",
  emailInUse: "This email is already registered. Please try logging in instead.",
  displayNameInvalid: "Please provide a valid display name that isn't empty.",
  checkDisplayName: "Please check your display name: ",
} as const;

/** The set-password page, reached from the e-mail sent after a guest checkout. */
export const SET_PASSWORD_TEXTS = {
  title: "Set your password",
  lead: "Your payment went through and your FundMatch account is ready. Choose a password to finish.",
  newPassword: "New password",
  confirmPassword: "Confirm password",
  submit: "Set Password",
  pending: "Setting Password...",
  passwordsDoNotMatch: "Passwords do not match",
  success: "Password set. Welcome to FundMatch!",
  failed: "Could not set your password. Please try again.",
  toLogin: "Go to the login page",
  /** The server's SET_PASSWORD_LINK_INVALID (src/shared/schemas/billing.ts, classic zod); a test keeps them equal. */
  linkInvalid:
    "This link is invalid, has expired or was already used. If you have set your password, log in; otherwise reply to the e-mail for a new link.",
} as const;

/** Shown by /set-password and /reset-password, before the form, for a link that no longer works. */
export const PASSWORD_LINK_TEXTS = {
  usedOrExpired: "This link was already used or has expired",
  checking: "Checking your link...",
  requestNew: "Request a new link",
  toLogin: "Go to the login page",
} as const;

/** The forgot-password and reset-password pages. */
export const RESET_PASSWORD_TEXTS = {
  forgotTitle: "Forgot your password?",
  forgotLead: "Enter the e-mail address of your account and we will send you a link to choose a new password.",
  email: "Email",
  send: "Send Reset Link",
  sending: "Sending...",
  /** The server's PASSWORD_RESET_REQUESTED (src/shared/schemas/auth.ts); a test keeps them equal. */
  sent: "If an account uses this e-mail address, we have sent it a link to choose a new password. The link works once, for one hour.",
  sentTitle: "Check your e-mail",
  backToLogin: "Back to Log In",
  resetTitle: "Choose a new password",
  resetLead: "Choose a new password for your FundMatch account. Every other device signed in to it will be signed out.",
  submit: "Set New Password",
  pending: "Setting Password...",
  success: "Your password was changed. You are signed in.",
  failed: "Could not change your password. Please try again.",
  /** The server's RESET_PASSWORD_LINK_INVALID; a test keeps them equal. */
  linkInvalid: "This link has expired or was already used. Ask for a new one on the Forgot password page.",
} as const;

/** The identity-provider sign-in popup. */
export const OAUTH_TEXTS = {
  continueWithGoogle: "Continue with Google",
  continueWithDemo: "Continue with Demo Sign-In",
  demoNotice:
    "Demo mode: no Google keys are set, so a built-in test provider opens in the popup. It accepts any e-mail address; no real account is used.",
  popupBlocked: "Failed to open authentication window. Please check if popup blockers are disabled and try again.",
  establishFailed: "Failed to complete authentication. Please try again.",
  unexpected: "An unexpected error occurred during authentication. Please try again.",
  failed: "Authentication failed. Please try again.",
  accountExistsTitle: "Account Already Exists",
  accountExistsDismiss: "Got it",
  /** The demo provider's one refusal for an address it may not open; it neither confirms an account nor repeats the address. */
  demoAddressUnavailable:
    "The demo sign-in cannot continue with this e-mail address. Use another address, or log in with your e-mail and password.",
} as const;
