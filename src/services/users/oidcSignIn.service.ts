import type * as Oidc from "openid-client";
import type { Logger } from "pino";
import type { Config } from "../../config.ts";
import { languageOfTag, type RecipeLanguage } from "../../domain/recipeLanguage.ts";
import { zUserName, type Caller, type UserRole } from "../../domain/user.ts";
import { fail, type Result } from "../../errors.ts";
import type { HouseholdRepo } from "../../storage/household.repo.ts";
import type { UsersRepo } from "../../storage/users.repo.ts";
import type { SignedIn, SignInService } from "./signIn.service.ts";
import type { UsersService } from "./users.service.ts";

/** openid-client and jose (~30 modules) come with the first sign-in through the provider. */
const openidClient = () => import("openid-client");

/** What one sign-in through the provider must remember between leaving and coming back. */
export interface OidcFlow {
  state: string;
  nonce: string;
  verifier: string;
  /** Linking the provider to a person already signed in (their id), rather than signing in. */
  linkTo?: string | undefined;
  /** The language the web app spoke when the sign-in started, for naming a new person's library. */
  language?: RecipeLanguage | undefined;
}

/** Why a person is a member although admins come from groups: their provider sent no groups claim. */
export type OidcNote = "no-groups" | null;

const isLoopbackHost = (u: URL) => ["127.0.0.1", "localhost", "[::1]"].includes(u.hostname);

/**
 * Sign-in through the household's OpenID Connect provider, by `openid-client`: discovery, the
 * authorization code flow with PKCE, `state` and `nonce` checked. A person is found by issuer and
 * subject (or, when configured, by a verified e-mail); admins come from a groups claim, and a
 * missing claim makes a member, never a lockout.
 */
export class OidcSignInService {
  private readonly settings: NonNullable<Config["Auth"]["Oidc"]>;
  private readonly deps: {
    repo: HouseholdRepo;
    usersRepo: UsersRepo;
    users: UsersService;
    signIn: SignInService;
    log: Logger;
  };
  private discovered: Promise<Oidc.Configuration> | null = null;

  constructor(settings: NonNullable<Config["Auth"]["Oidc"]>, deps: OidcSignInService["deps"]) {
    this.settings = settings;
    this.deps = deps;
  }

  get label(): string {
    return this.settings.ButtonLabel;
  }

  /** The provider's configuration, discovered once (again after a failure). */
  private configuration(): Promise<Oidc.Configuration> {
    const issuer = new URL(this.settings.Issuer);
    this.discovered ??= openidClient()
      .then((oidc) =>
        oidc.discovery(
          issuer,
          this.settings.ClientId,
          undefined,
          this.settings.ClientSecret ? oidc.ClientSecretPost(this.settings.ClientSecret) : oidc.None(),
          // Plain http only to a provider on this machine (tests, a provider beside Ladle).
          isLoopbackHost(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
        ),
      )
      .catch((e: unknown) => {
        this.discovered = null;
        throw e;
      });
    return this.discovered;
  }

  /** The provider's sign-in page for this flow. */
  async start(
    redirectUri: string,
    linkTo?: string,
    language?: RecipeLanguage,
  ): Promise<Result<{ url: string; flow: OidcFlow }>> {
    let config: Oidc.Configuration;
    try {
      config = await this.configuration();
    } catch (e) {
      this.deps.log.warn({ err: e }, "The OpenID provider could not be reached");
      return fail(
        "OIDC_FAILED",
        "The sign-in service could not be reached; try again, or sign in with a password.",
      );
    }
    const oidc = await openidClient();
    const flow: OidcFlow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      ...(linkTo ? { linkTo } : {}),
      ...(language ? { language } : {}),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.RedirectUrl ?? redirectUri,
      scope: this.settings.Scopes,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: "S256",
    });
    return { ok: true, value: { url: url.href, flow } };
  }

  /** Back from the provider: the code exchanged (state, nonce and PKCE checked), the person found. */
  async finish(
    currentUrl: URL,
    flow: OidcFlow | null,
    from: { address: string; device: string | null; language?: RecipeLanguage },
  ): Promise<Result<{ signedIn: SignedIn | null; note: OidcNote }>> {
    if (!flow)
      return fail("OIDC_FAILED", "This sign-in was not started here, or took too long; start again.");
    let claims: Oidc.IDToken | undefined;
    try {
      const config = await this.configuration();
      if (this.settings.RedirectUrl) {
        const back = new URL(this.settings.RedirectUrl);
        back.search = currentUrl.search;
        currentUrl = back;
      }
      const oidc = await openidClient();
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (e) {
      this.deps.log.warn({ err: e }, "A sign-in through the OpenID provider failed its checks");
      return fail("OIDC_FAILED");
    }
    if (!claims) return fail("OIDC_FAILED");
    const email = typeof claims.email === "string" && claims.email_verified === true ? claims.email : null;
    const groups = claims[this.settings.GroupsClaim];
    const fromGroups: UserRole | null =
      this.settings.AdminGroups.length === 0 || !Array.isArray(groups)
        ? null
        : groups.some((g) => this.settings.AdminGroups.includes(String(g)))
          ? "admin"
          : "user";
    const note: OidcNote =
      this.settings.AdminGroups.length > 0 && !Array.isArray(groups) ? "no-groups" : null;
    const { repo, usersRepo } = this.deps;

    if (flow.linkTo) {
      const linked = await repo.linkOidc(flow.linkTo, claims.iss, claims.sub, email);
      return linked
        ? { ok: true, value: { signedIn: null, note: null } }
        : fail("OIDC_FAILED", "Another person here signs in with that account already.");
    }
    let row = await repo.byOidc(claims.iss, claims.sub);
    if (!row && this.settings.LinkByEmail && email) {
      row = await repo.byEmail(email);
      if (row && !row.oidc_subject) await repo.linkOidc(row.id, claims.iss, claims.sub, email);
      else row = undefined;
    }
    if (!row) {
      if (!this.settings.CreatePeople)
        return fail("OIDC_FAILED", "You are not on this Ladle yet: ask its owner for an invitation.");
      // The provider's `locale` claim is the person's own choice there; else the web app's language.
      const language = languageOfTag(claims.locale) ?? flow.language ?? from.language;
      const created = await this.create(claims, fromGroups ?? "user", language);
      if (!created.ok) return created;
      await repo.linkOidc(created.value.id, claims.iss, claims.sub, email);
      row = await usersRepo.byId(created.value.id);
    }
    if (!row) return fail("OIDC_FAILED");
    if (row.disabled_at) return fail("ACCOUNT_DISABLED");
    // The provider's groups decide the role when it sends them; when it does not, nothing changes.
    if (fromGroups && fromGroups !== row.role) {
      const admins = await repo.activeAdmins("local");
      if (!(fromGroups === "user" && admins.length === 1 && admins[0] === row.id))
        await usersRepo.setRole(row.id, fromGroups);
      row = (await usersRepo.byId(row.id))!;
    }
    const caller: Caller = { id: row.id, name: row.name, role: row.role as UserRole };
    return { ok: true, value: { signedIn: await this.deps.signIn.openSession(caller, from), note } };
  }

  /** A new person named after the provider's username (made unique with a number). */
  private async create(claims: Oidc.IDToken, role: UserRole, language: RecipeLanguage | undefined) {
    const wanted = String(claims.preferred_username ?? claims.email ?? claims.name ?? "someone");
    const base =
      (wanted.split("@")[0] ?? "someone").replace(/[^A-Za-z0-9._-]/g, "").slice(0, 56) || "someone";
    for (let n = 1; n < 50; n++) {
      const name = n === 1 ? base : `${base}-${n}`;
      if (!zUserName.safeParse(name).success || name === "local") continue;
      const created = await this.deps.users.create({ name, role, language });
      if (created.ok || created.code !== "USER_EXISTS") return created;
    }
    return fail("OIDC_FAILED", "No free name was found for you; ask an admin.");
  }
}
