import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { graphemePrefix } from "../../../shared/text-cut.js";
import type { Db } from "../../db/client.js";
import type { OidcProvider } from "../oidc.js";
import { DEMO_IDENTITY_ISSUER } from "../ownership.js";
import { s256, signJwt, verifyJwt } from "./jwt.js";
import * as repository from "./repository.js";

/**
 * The demo sign-in provider: a small OpenID Connect issuer built into the app, offered when no
 * provider is configured (OIDC_MODE=demo, docs/decisions/0013). It speaks the protocol the app's
 * OpenID client speaks to Google: discovery, an authorization page (a labelled form where any
 * e-mail is accepted instead of a real login), an authorization code bound to PKCE and a nonce,
 * a token endpoint that authenticates the client, ID and access tokens signed with ES256 and
 * published as a JWKS, and userinfo. The app's client reaches it in-process through its fetch,
 * as the payment emulator is reached; the browser reaches its page over HTTP.
 */

/** Where the issuer lives under the app's origin; its identifier is the origin plus this path. */
export const DEMO_ISSUER_PATH = "/_api/auth/demo-issuer";
export const DEMO_CLIENT_ID = "fundmatch-demo";
/** The app's OpenID callback, the one redirect URI the demo client has (on the issuer's origin). */
export const CALLBACK_PATH = "/_api/auth/oauth_callback";

const KEY_ID = "signing-key";
const CODE_LIFETIME_MS = 2 * 60 * 1000;
const TOKEN_LIFETIME_S = 10 * 60;
const MAX_PARAM = 512;
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** A validated authorization request, carried through the form as hidden fields and checked again. */
export type AuthorizationRequest = {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
  nonce: string;
  codeChallenge: string;
};

/** Who the person said they are on the form: what the provider vouches for. */
export type DemoIdentity = { email: string; name: string };

type Grant = AuthorizationRequest & DemoIdentity & { sub: string; issuer: string; authTime: number };

type Keys = { privateKey: KeyObject; publicKey: KeyObject; publicJwk: JsonWebKey; kid: string; clientSecret: string };

export type AuthorizationCheck =
  | { ok: true; request: AuthorizationRequest }
  /** The client or its redirect URI is unknown: the error is shown, never sent anywhere. */
  | { ok: false; message: string }
  /** Anything else goes back to the client, as OAuth says. */
  | { ok: false; message: string; redirect: string };

/** The issuer identifier for an app origin. */
export const issuerFor = (origin: string) => `${origin}${DEMO_ISSUER_PATH}`;

/** A stable subject per e-mail address: the same person signs in to the same account. */
export const subjectFor = (email: string) =>
  `demo-${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32)}`;

export class DemoIssuer {
  private keysPromise: Promise<Keys> | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** The client secret the app authenticates with (derived from the shared key: the same on every instance). */
  async clientSecret(): Promise<string> {
    return (await this.keys()).clientSecret;
  }

  /** Checks an authorization request (query of GET /authorize, or the form's hidden fields). */
  checkAuthorization(params: Record<string, string | undefined>, issuer: string): AuthorizationCheck {
    const clientId = params.client_id ?? "";
    const redirectUri = params.redirect_uri ?? "";
    if (clientId !== DEMO_CLIENT_ID) return { ok: false, message: "Unknown client." };
    if (redirectUri !== `${new URL(issuer).origin}${CALLBACK_PATH}`) {
      return { ok: false, message: "This redirect address is not registered for the client." };
    }
    const state = params.state ?? "";
    const fail = (error: string, message: string): AuthorizationCheck => ({
      ok: false,
      message,
      redirect: errorRedirect(redirectUri, error, message, state, issuer),
    });
    if (params.response_type !== "code") return fail("unsupported_response_type", "Only the code flow is supported.");
    const scope = params.scope ?? "";
    if (!scope.split(" ").includes("openid") || scope.length > MAX_PARAM) {
      return fail("invalid_scope", "The openid scope is required.");
    }
    if (params.code_challenge_method !== "S256" || !CODE_CHALLENGE.test(params.code_challenge ?? "")) {
      return fail("invalid_request", "PKCE with S256 is required.");
    }
    const nonce = params.nonce ?? "";
    if (!state || !nonce || state.length > MAX_PARAM || nonce.length > MAX_PARAM) {
      return fail("invalid_request", "state and nonce are required.");
    }
    return {
      ok: true,
      request: { clientId, redirectUri, scope, state, nonce, codeChallenge: params.code_challenge as string },
    };
  }

  /** The person continued as this identity: a single-use code goes back to the client. */
  async approve(request: AuthorizationRequest, identity: DemoIdentity, issuer: string): Promise<string> {
    const code = randomBytes(32).toString("base64url");
    const now = new Date(this.now());
    const grant: Grant = {
      ...request,
      ...identity,
      sub: subjectFor(identity.email),
      issuer,
      authTime: Math.floor(now.getTime() / 1000),
    };
    await repository.deleteExpiredCodes(this.db, now);
    await repository.insertCode(this.db, hash(code), grant, new Date(now.getTime() + CODE_LIFETIME_MS));
    const target = new URL(request.redirectUri);
    target.searchParams.set("code", code);
    target.searchParams.set("state", request.state);
    target.searchParams.set("iss", issuer);
    return target.href;
  }

  /** The person cancelled. */
  deny(request: AuthorizationRequest, issuer: string): string {
    return errorRedirect(request.redirectUri, "access_denied", "The sign-in was cancelled.", request.state, issuer);
  }

  /** The issuer's machine endpoints, as a Fetch handler (the app's client calls it in-process). */
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const issuer = issuerFor(url.origin);
    const path = url.pathname.startsWith(DEMO_ISSUER_PATH) ? url.pathname.slice(DEMO_ISSUER_PATH.length) : "";
    const method = request.method.toUpperCase();
    if (method === "GET" && path === "/.well-known/openid-configuration") return json(200, metadata(issuer));
    if (method === "GET" && path === "/jwks") {
      const { publicJwk, kid } = await this.keys();
      return json(200, { keys: [{ ...publicJwk, kid, alg: "ES256", use: "sig" }] });
    }
    if (method === "POST" && path === "/token") {
      const type = request.headers.get("content-type") ?? "";
      if (!type.startsWith("application/x-www-form-urlencoded")) {
        return oauthError(400, "invalid_request", "Send the token request as a form.");
      }
      return this.token(new URLSearchParams(await request.text()), request.headers.get("authorization"), issuer);
    }
    if ((method === "GET" || method === "POST") && path === "/userinfo") {
      return this.userinfo(request.headers.get("authorization"), issuer);
    }
    return json(404, { error: "not_found", error_description: "No such endpoint at the demo sign-in provider." });
  }

  /** The token endpoint: authenticates the client, spends the code, checks PKCE, signs the tokens. */
  private async token(form: URLSearchParams, authorization: string | null, issuer: string): Promise<Response> {
    const client = clientCredentials(form, authorization);
    const { clientSecret, privateKey, kid } = await this.keys();
    if (!client || client.id !== DEMO_CLIENT_ID || !sameSecret(client.secret, clientSecret)) {
      return oauthError(401, "invalid_client", "Client authentication failed.", {
        "www-authenticate": 'Basic realm="demo-issuer"',
      });
    }
    if (form.get("grant_type") !== "authorization_code") {
      return oauthError(400, "unsupported_grant_type", "Only authorization_code is supported.");
    }
    const code = form.get("code") ?? "";
    const grant = code
      ? ((await repository.takeCode(this.db, hash(code), new Date(this.now()))) as Grant | undefined)
      : undefined;
    if (!grant || grant.issuer !== issuer || grant.clientId !== client.id) {
      return oauthError(400, "invalid_grant", "The code is unknown, expired or already used.");
    }
    if (form.get("redirect_uri") !== grant.redirectUri) {
      return oauthError(400, "invalid_grant", "redirect_uri does not match the authorization request.");
    }
    const verifier = form.get("code_verifier") ?? "";
    if (!CODE_VERIFIER.test(verifier) || s256(verifier) !== grant.codeChallenge) {
      return oauthError(400, "invalid_grant", "The PKCE code verifier does not match.");
    }
    const iat = Math.floor(this.now() / 1000);
    const common = { iss: issuer, sub: grant.sub, iat, exp: iat + TOKEN_LIFETIME_S };
    const idToken = signJwt(
      {
        ...common,
        aud: grant.clientId,
        nonce: grant.nonce,
        auth_time: grant.authTime,
        email: grant.email,
        email_verified: true,
        name: grant.name,
      },
      privateKey,
      kid,
    );
    const accessToken = signJwt(
      {
        ...common,
        aud: `${issuer}/userinfo`,
        token_use: "access",
        scope: grant.scope,
        email: grant.email,
        name: grant.name,
      },
      privateKey,
      kid,
    );
    return json(200, {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: TOKEN_LIFETIME_S,
      scope: grant.scope,
      id_token: idToken,
    });
  }

  private async userinfo(authorization: string | null, issuer: string): Promise<Response> {
    const token = /^Bearer (\S+)$/i.exec(authorization ?? "")?.[1];
    const { publicKey } = await this.keys();
    const claims = token ? verifyJwt(token, publicKey) : null;
    const fresh = typeof claims?.exp === "number" && claims.exp * 1000 > this.now();
    if (!claims || !fresh || claims.iss !== issuer || claims.token_use !== "access") {
      return oauthError(401, "invalid_token", "The access token is invalid or expired.", {
        "www-authenticate": 'Bearer error="invalid_token"',
      });
    }
    return json(200, { sub: claims.sub, email: claims.email, email_verified: true, name: claims.name });
  }

  /** The one signing key, created by the first instance that needs it. */
  private keys(): Promise<Keys> {
    this.keysPromise ??= (async () => {
      let jwk = await repository.loadKey(this.db, KEY_ID);
      if (!jwk) {
        const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
        await repository.insertKeyIfAbsent(this.db, KEY_ID, privateKey.export({ format: "jwk" }));
        jwk = await repository.loadKey(this.db, KEY_ID);
      }
      const privateKey = createPrivateKey({ key: jwk as JsonWebKey, format: "jwk" });
      const publicKey = createPublicKey(privateKey);
      const publicJwk = publicKey.export({ format: "jwk" });
      const kid = createHash("sha256").update(`${publicJwk.x}.${publicJwk.y}`).digest("base64url").slice(0, 16);
      const clientSecret = createHmac("sha256", String((jwk as JsonWebKey).d))
        .update("fundmatch demo client secret")
        .digest("base64url");
      return { privateKey, publicKey, publicJwk, kid, clientSecret };
    })().catch((error: unknown) => {
      this.keysPromise = undefined;
      throw error;
    });
    return this.keysPromise;
  }
}

function metadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["ES256"],
    scopes_supported: ["openid", "email", "profile"],
    claims_supported: ["sub", "email", "email_verified", "name"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    authorization_response_iss_parameter_supported: true,
  };
}

const hash = (code: string) => createHash("sha256").update(code).digest("hex");

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** client_secret_basic (form-encoded id and secret in a Basic header) or client_secret_post. */
function clientCredentials(form: URLSearchParams, authorization: string | null): { id: string; secret: string } | null {
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(authorization ?? "")?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return null;
    try {
      return {
        id: decodeURIComponent(decoded.slice(0, colon).replaceAll("+", " ")),
        secret: decodeURIComponent(decoded.slice(colon + 1).replaceAll("+", " ")),
      };
    } catch {
      return null;
    }
  }
  const id = form.get("client_id");
  const secret = form.get("client_secret");
  return id && secret ? { id, secret } : null;
}

function errorRedirect(redirectUri: string, error: string, description: string, state: string, issuer: string) {
  const target = new URL(redirectUri);
  target.searchParams.set("error", error);
  target.searchParams.set("error_description", description);
  if (state) target.searchParams.set("state", graphemePrefix(state, MAX_PARAM));
  target.searchParams.set("iss", issuer);
  return target.href;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

function oauthError(status: number, error: string, description: string, headers: Record<string, string> = {}) {
  return json(status, { error, error_description: description }, headers);
}

/** The app's OpenID client set up against the demo provider, reached in-process. */
export function demoSignInProvider(issuer: DemoIssuer): OidcProvider {
  return {
    id: "demo",
    issuerFor: (appOrigin) => new URL(issuerFor(appOrigin)),
    clientId: DEMO_CLIENT_ID,
    clientSecret: () => issuer.clientSecret(),
    fetch: (url, options) =>
      issuer.fetch(
        new Request(url, {
          method: options.method,
          headers: options.headers,
          body: (options.body ?? null) as BodyInit | null,
          redirect: options.redirect,
        }),
      ),
    identityIssuer: DEMO_IDENTITY_ISSUER,
    trustsEmails: false,
    verifySignatures: true,
  };
}
