/**
 * The login page's and the account menu's words (spec sections 2, 4 and 8), not to be paraphrased.
 * A module of their own, like consent-texts.ts: texts.ts is part of the home page's entry chunk,
 * and everything in here is only needed by lazy chunks (docs/decisions/0006).
 */
export const AUTH_TEXTS = {
  profile: "Profile",
  savedFunds: "Saved Funds",
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
  passwordHint: "Password needs uppercase, lowercase and a number.",
  displayNameHint: "Your display name may contain spaces, emojis and special characters.",
  sessionCheckFailed: "Session check failed",
} as const;

export const AUTH_ERRORS = {
  loginFailed: "Login failed",
  loginFallback: "Login failed. Please try again.",
  registrationFallback: "Registration failed. Please try again.",
  emailInUse: "This email is already registered. Please try logging in instead.",
  displayNameInvalid: "Please provide a valid display name that isn't empty.",
  checkDisplayName: "Please check your display name: ",
} as const;

/** The identity-provider sign-in popup (spec sections 2, 4 and 8). */
export const OAUTH_TEXTS = {
  continueWithGoogle: "Continue with Google",
  popupBlocked: "Failed to open authentication window. Please check if popup blockers are disabled and try again.",
  establishFailed: "Failed to complete authentication. Please try again.",
  unexpected: "An unexpected error occurred during authentication. Please try again.",
  failed: "Authentication failed. Please try again.",
  accountExistsTitle: "Account Already Exists",
  accountExistsDismiss: "Got it",
} as const;
