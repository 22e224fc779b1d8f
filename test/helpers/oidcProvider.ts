import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import Provider from "oidc-provider";

/** A person the test provider knows: the claims its ID tokens carry (groups left out when undefined). */
export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  groups?: string[];
  /** The person's language at the provider ("it-IT"): OpenID Connect's standard `locale` claim. */
  locale?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (the `oidc-provider` package) on loopback, with its development sign-in
 * pages (any login, any password; the login is the subject). Its pages import a web font from
 * elsewhere: browser tests must block requests that leave loopback.
 */
export async function startTestProvider(opts: {
  redirectUri: string;
  accounts: Record<string, ProviderAccount>;
}): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "ladle";
  const clientSecret = "a client secret of the test provider";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    pkce: { required: () => true },
    scopes: ["openid", "profile", "email", "groups"],
    claims: {
      openid: ["sub"],
      profile: ["preferred_username", "locale"],
      email: ["email", "email_verified"],
      groups: ["groups"],
    },
    // The claims in the ID token itself (what Ladle reads), not only at the userinfo endpoint.
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, ...(opts.accounts[sub] ?? {}) }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["test provider cookie key, not a secret"] },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
