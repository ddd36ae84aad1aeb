export declare const OIDC_ACCOUNTS: Record<
  string,
  { email: string; email_verified: boolean; name: string; picture?: string }
>;

export declare function startOidcProvider(options: {
  port?: number;
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}): Promise<{ issuer: string; clientId: string; clientSecret: string; close(): Promise<void> }>;
