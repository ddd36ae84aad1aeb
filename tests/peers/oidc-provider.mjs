// A real OpenID Connect provider on loopback (the oidc-provider package) for the sign-in tests.
// Accounts are fixed below; the provider's development login and consent pages stand in for
// Google's. Run directly (the end-to-end tests do) or import startOidcProvider (integration tests).
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import Provider from "oidc-provider";

export const OIDC_ACCOUNTS = {
  "new-founder": {
    email: "new.founder@example.com",
    email_verified: true,
    name: "Nia Newcomer",
    picture: "https://example.com/nia.png",
  },
  "password-owner": { email: "owner@example.com", email_verified: true, name: "Owen Owner" },
  unverified: { email: "unverified@example.com", email_verified: false, name: "Una Verified" },
  // The end-to-end server creates admin@example.com with a password at start-up: the linking case.
  "admin-twin": { email: "admin@example.com", email_verified: true, name: "Admin Twin" },
  // Its address holds an account someone else opened through the demo provider: the proof case.
  "squatted-owner": { email: "squatted@example.com", email_verified: true, name: "Sam Squatted" },
};

export async function startOidcProvider({
  port = 0,
  redirectUris,
  clientId = "fundmatch",
  clientSecret = "fundmatch-secret",
}) {
  const server = createServer();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris }],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    scopes: ["openid", "email", "profile"],
    findAccount: async (_ctx, id) => {
      const account = OIDC_ACCOUNTS[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["fundmatch-test-cookie-key"] },
  });
  provider.proxy = false;
  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const port = Number(process.env.OIDC_PROVIDER_PORT ?? 3219);
  const app = process.env.OIDC_APP_ORIGIN ?? "http://127.0.0.1:3217";
  const provider = await startOidcProvider({ port, redirectUris: [`${app}/_api/auth/oauth_callback`] });
  console.log(`OpenID provider on ${provider.issuer}`);
}
