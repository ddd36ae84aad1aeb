import * as client from "openid-client";
import { OAUTH_TEXTS } from "../../shared/auth-texts.js";
import type { SignInProviderId } from "../../shared/schemas/auth.js";
import { graphemePrefix } from "../../shared/text-cut.js";
import type { Db } from "../db/client.js";
import type { UserRow } from "../db/types.js";
import * as users from "../users/repository.js";
import { revokeUnprovenAccess } from "./ownership.js";
import * as repository from "./repository.js";
import { hashToken, newSessionToken } from "./tokens.js";

/**
 * The identity provider behind "Continue with …": a configured OpenID Connect issuer (Google by
 * default), or the built-in demo provider when none is configured (docs/decisions/0013).
 */
export type OidcProvider = {
  /** What the login page offers and the popup asks for (?provider=). */
  id: SignInProviderId;
  /** The issuer identifier for the app's origin (the demo provider lives on the app's own origin). */
  issuerFor(appOrigin: string): URL;
  clientId: string;
  clientSecret(): Promise<string>;
  /** How the client reaches the issuer; unset = the network. */
  fetch?: client.CustomFetch;
  /** Stored with each bound identity: the same whatever origin the app was reached on. */
  identityIssuer: string;
  /**
   * Whether the provider's verified e-mail may open an existing account that has no password and
   * is not yet bound to it (a guest checkout's account). True for a real provider; the demo
   * provider vouches for any address, so it only opens accounts it created.
   */
  trustsEmails: boolean;
  /** Check ID token signatures against the provider's JWKS as well. */
  verifySignatures: boolean;
};

/** The configured issuer, e.g. Google. */
export function configuredProvider(settings: { issuer: string; clientId: string; clientSecret: string }): OidcProvider {
  const issuer = new URL(settings.issuer);
  return {
    id: "google",
    issuerFor: () => issuer,
    clientId: settings.clientId,
    clientSecret: async () => settings.clientSecret,
    identityIssuer: issuer.href,
    trustsEmails: true,
    verifySignatures: false,
  };
}

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
/** Configurations kept per issuer; a handful at most (the demo issuer has one per origin the app is reached on). */
const MAX_CONFIGURATIONS = 8;

/**
 * Sign-in with an OpenID Connect provider: authorization code flow with PKCE, state and nonce
 * (openid-client). The flow's secrets wait in the database so that the callback may reach any
 * instance; the popup gets a single-use token that the opener turns into a session.
 */
export class OidcSignIn {
  private readonly configurations = new Map<string, Promise<client.Configuration>>();

  constructor(
    private readonly db: Db,
    readonly provider: OidcProvider,
  ) {}

  /** Starts a sign-in from the app's origin; the provider sends the browser back to its callback there. */
  async start(appOrigin: string): Promise<{ url: string; state: string }> {
    const redirectUri = `${appOrigin}/_api/auth/oauth_callback`;
    const config = await this.config(this.provider.issuerFor(appOrigin));
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
      const config = await this.config(this.provider.issuerFor(callbackUrl.origin));
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
    // An ID token always names its subject (OpenID Connect Core 2); the binding is what signs in.
    const subject = typeof claims?.sub === "string" ? claims.sub : "";
    if (!subject) throw new OidcError("provider_error", "The sign-in provider did not say who signed in.");
    const user = await this.userFor(email, subject, claims);
    const token = newSessionToken();
    await repository.insertTempToken(this.db, {
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + TEMP_TOKEN_LIFETIME_MS),
      identityIssuer: this.provider.identityIssuer,
      identitySubject: subject,
      emailVerifiedAt: user.emailVerifiedAt,
    });
    return token;
  }

  /**
   * The user a popup's temp token stands for; the token is spent whether or not it is still valid.
   * Valid only while what it was issued on still holds: the identity is still bound to the account,
   * and the account's proof of its address is the one it had then. Whatever happened in between
   * (the owner proved the address through an e-mailed link or a payment, which also unbinds demo
   * identities) voids a token that was kept back instead of redeemed (issue 35).
   */
  async redeem(tempToken: string): Promise<UserRow | undefined> {
    const row = await repository.takeTempToken(this.db, hashToken(tempToken), new Date());
    if (!row) return undefined;
    const boundTo = await repository.findIdentityUserId(this.db, row.identityIssuer, row.identitySubject);
    if (boundTo !== row.userId) return undefined;
    const user = await users.findUserById(this.db, row.userId);
    if (user?.accountStatus !== "active") return undefined;
    if ((user.emailVerifiedAt?.getTime() ?? null) !== (row.emailVerifiedAt?.getTime() ?? null)) return undefined;
    return user;
  }

  /**
   * The account this identity signs in to: the one it is bound to; else the one with its e-mail,
   * unless that account has a password (the person logs in with it) or the provider may not open
   * it; else a new account. The identity is bound to the account it opened.
   */
  private async userFor(email: string, subject: string, claims: Profile): Promise<UserRow> {
    const { identityIssuer, trustsEmails } = this.provider;
    const boundId = subject ? await repository.findIdentityUserId(this.db, identityIssuer, subject) : undefined;
    const bound = boundId === undefined ? undefined : await users.findUserById(this.db, boundId);
    if (bound) {
      if (bound.accountStatus === "deactivated") throw deactivated();
      return trustsEmails ? this.proven(bound) : bound;
    }
    const existing = await users.findUserByEmail(this.db, email);
    // The demo provider vouches for any address: it opens only accounts it created, and its
    // refusal neither says whether (or how) an account holds the address nor repeats the address.
    if (existing && !trustsEmails) throw addressUnavailable();
    if (existing?.passwordHash) {
      throw new OidcError(
        "account_linking_required",
        "An account with this email already exists. Please log in with your email and password.",
        { email: existing.email },
      );
    }
    if (existing?.accountStatus === "deactivated") throw deactivated();
    if (existing) {
      if (subject) await repository.bindIdentity(this.db, identityIssuer, subject, existing.id);
      return this.proven(existing);
    }
    const name = displayNameOf(claims) ?? email.split("@")[0] ?? "Founder";
    const picture = typeof claims.picture === "string" && claims.picture.startsWith("https://") ? claims.picture : null;
    const created = await users.insertUser(this.db, {
      email,
      displayName: graphemePrefix(name, 100) || "Founder",
      passwordHash: null,
      avatarUrl: picture,
    });
    // A concurrent sign-in with the same e-mail may have created it a moment ago.
    const user = created ?? (await users.findUserByEmail(this.db, email));
    if (!user) throw new OidcError("provider_error", "The account could not be created. Please try again.");
    if (!created && !trustsEmails) throw addressUnavailable();
    if (subject) await repository.bindIdentity(this.db, identityIssuer, subject, user.id);
    return trustsEmails ? this.proven(user) : user;
  }

  /**
   * A provider that verifies addresses (Google) proved this one. The first time, whatever got in
   * without proof (a demo sign-in's session and binding) is shut out, as an e-mailed link does
   * (docs/security.md); the database's triggers tell every instance's session cache.
   */
  private async proven(user: UserRow): Promise<UserRow> {
    if (user.emailVerifiedAt) return user;
    return this.db.transaction(async (tx) => {
      await revokeUnprovenAccess(tx, user.id);
      return (await users.updateUser(tx, user.id, { emailVerifiedAt: new Date() })) ?? user;
    });
  }

  private config(issuer: URL): Promise<client.Configuration> {
    const key = issuer.href;
    let configuration = this.configurations.get(key);
    if (!configuration) {
      if (this.configurations.size >= MAX_CONFIGURATIONS) {
        const oldest = this.configurations.keys().next().value;
        if (oldest !== undefined) this.configurations.delete(oldest);
      }
      configuration = this.discover(issuer).catch((error: unknown) => {
        this.configurations.delete(key);
        throw error;
      });
      this.configurations.set(key, configuration);
    }
    return configuration;
  }

  private async discover(issuer: URL): Promise<client.Configuration> {
    const { provider } = this;
    const execute = [
      // Plain http only for a provider on this machine (the tests' provider, the demo provider in-process).
      ...(isLoopback(issuer) || (provider.fetch && issuer.protocol === "http:") ? [client.allowInsecureRequests] : []),
      ...(provider.verifySignatures ? [client.enableNonRepudiationChecks] : []),
    ];
    try {
      return await client.discovery(
        issuer,
        provider.clientId,
        undefined,
        client.ClientSecretBasic(await provider.clientSecret()),
        {
          execute,
          ...(provider.fetch && { [client.customFetch]: provider.fetch }),
        },
      );
    } catch (error) {
      throw new OidcError("provider_unavailable", "The sign-in provider could not be reached. Please try again.", {
        reason: (error as Error).message,
      });
    }
  }
}

/** A name from the provider's profile, without control characters; undefined when it has none. */
function displayNameOf(claims: Profile): string | undefined {
  const raw = typeof claims.name === "string" ? claims.name : "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const clean = raw.replace(/[\u0000-\u001f\u007f]/g, " ").trim();
  return clean || undefined;
}

const deactivated = () =>
  new OidcError(
    "account_deactivated",
    "This account has been deactivated. To use it again, e-mail us at hello@fundmatch.example and we will reactivate it.",
  );

/** The demo provider's one refusal for an address it may not open (see userFor). */
export const DEMO_ADDRESS_UNAVAILABLE = OAUTH_TEXTS.demoAddressUnavailable;
const addressUnavailable = () => new OidcError("address_unavailable", DEMO_ADDRESS_UNAVAILABLE);

const invalidState = () =>
  new OidcError("invalid_state", "This sign-in attempt has expired or was already used. Please try again.");
