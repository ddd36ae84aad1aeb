import * as client from "openid-client";
import type { Db } from "../db/client.js";
import type { UserRow } from "../db/types.js";
import * as users from "../users/repository.js";
import * as repository from "./repository.js";
import { hashToken, newSessionToken } from "./tokens.js";

export type OidcSettings = { issuer: string; clientId: string; clientSecret: string };

/** The claims the app reads, from the ID token or userinfo. */
type Profile = Record<string, unknown>;

/** The popup's error, posted to the opener as OAUTH_ERROR {code, message, details}. */
export class OidcError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, string> = {},
  ) {
    super(message);
  }
}

const FLOW_LIFETIME_MS = 10 * 60 * 1000;
const TEMP_TOKEN_LIFETIME_MS = 2 * 60 * 1000;

const isLoopback = (url: URL) => ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);

/**
 * Sign-in with an OpenID Connect provider: authorization code flow with PKCE, state and nonce
 * (openid-client). The flow's secrets wait in the database so that the callback may reach any
 * instance; the popup gets a single-use token that the opener turns into a session.
 */
export class OidcSignIn {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(
    private readonly db: Db,
    private readonly settings: OidcSettings,
  ) {}

  async start(redirectUri: string): Promise<{ url: string; state: string }> {
    const config = await this.config();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    await repository.insertOauthFlow(this.db, {
      stateHash: hashToken(state),
      nonce,
      codeVerifier,
      expiresAt: new Date(Date.now() + FLOW_LIFETIME_MS),
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: "openid email profile",
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
    });
    return { url: url.href, state };
  }

  /** Verifies the provider's answer and returns a temp token for the matched or new user. */
  async finish(callbackUrl: URL, browserState: string | undefined): Promise<string> {
    const providerError = callbackUrl.searchParams.get("error");
    if (providerError) {
      throw new OidcError(
        providerError === "access_denied" ? "access_denied" : "provider_error",
        providerError === "access_denied"
          ? "Sign-in was cancelled."
          : (callbackUrl.searchParams.get("error_description") ?? "The sign-in provider reported an error."),
      );
    }
    const state = callbackUrl.searchParams.get("state") ?? "";
    // The state must be the one this browser started with (cookie), and it works only once.
    if (!state || state !== browserState) throw invalidState();
    const flow = await repository.takeOauthFlow(this.db, hashToken(state), new Date());
    if (!flow) throw invalidState();

    let claims: Profile | undefined;
    try {
      const config = await this.config();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      claims = idToken;
      // Google puts the e-mail in the ID token; other providers only answer it from userinfo.
      if (idToken && typeof idToken.email !== "string") {
        claims = { ...idToken, ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)) };
      }
    } catch (error) {
      throw new OidcError("token_exchange_failed", "The sign-in could not be verified. Please try again.", {
        reason: (error as Error).message,
      });
    }
    const email = typeof claims?.email === "string" ? claims.email : "";
    if (!email || claims?.email_verified !== true) {
      throw new OidcError("email_not_verified", "Your account at the sign-in provider has no verified e-mail address.");
    }
    const user = await this.userFor(email, claims);
    const token = newSessionToken();
    await repository.insertTempToken(this.db, {
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + TEMP_TOKEN_LIFETIME_MS),
    });
    return token;
  }

  /** The user a popup's temp token stands for; the token is spent whether or not it is still valid. */
  async redeem(tempToken: string): Promise<UserRow | undefined> {
    const row = await repository.takeTempToken(this.db, hashToken(tempToken), new Date());
    if (!row) return undefined;
    const user = await users.findUserById(this.db, row.userId);
    return user?.accountStatus === "active" ? user : undefined;
  }

  private async userFor(email: string, claims: Profile): Promise<UserRow> {
    const existing = await users.findUserByEmail(this.db, email);
    if (existing?.passwordHash) {
      throw new OidcError(
        "account_linking_required",
        "An account with this email already exists. Please log in with your email and password.",
        { email: existing.email },
      );
    }
    if (existing?.accountStatus === "deactivated") {
      throw new OidcError(
        "account_deactivated",
        "This account has been deactivated. Contact support to reactivate it.",
      );
    }
    if (existing) return existing;
    const name = typeof claims.name === "string" && claims.name.trim() ? claims.name.trim() : email.split("@")[0];
    const picture = typeof claims.picture === "string" && claims.picture.startsWith("https://") ? claims.picture : null;
    const created = await users.insertUser(this.db, {
      email,
      displayName: (name ?? "Founder").slice(0, 100),
      passwordHash: null,
      avatarUrl: picture,
    });
    // A concurrent sign-in with the same e-mail may have created it a moment ago.
    const user = created ?? (await users.findUserByEmail(this.db, email));
    if (!user) throw new OidcError("provider_error", "The account could not be created. Please try again.");
    return user;
  }

  private config(): Promise<client.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.settings.issuer);
      this.configuration = client
        .discovery(issuer, this.settings.clientId, undefined, client.ClientSecretBasic(this.settings.clientSecret), {
          // Plain http only for a provider on this machine (the tests' local provider).
          execute: isLoopback(issuer) ? [client.allowInsecureRequests] : [],
        })
        .catch((error: unknown) => {
          this.configuration = undefined;
          throw new OidcError("provider_unavailable", "The sign-in provider could not be reached. Please try again.", {
            reason: (error as Error).message,
          });
        });
    }
    return this.configuration;
  }
}

const invalidState = () =>
  new OidcError("invalid_state", "This sign-in attempt has expired or was already used. Please try again.");
