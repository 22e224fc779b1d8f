import { HouseholdRepo } from "../../storage/household.repo.ts";
import { UsersRepo } from "../../storage/users.repo.ts";
import { PersonDataRepo } from "../../storage/personData.repo.ts";
import type { Base } from "../shared/base.ts";
import { HouseholdService } from "./household.service.ts";
import { OidcSignInService } from "./oidcSignIn.service.ts";
import { PeopleService } from "./people.service.ts";
import { PersonDataService } from "./personData.service.ts";
import { PersonSettingsService } from "./personSettings.service.ts";
import { SignInService } from "./signIn.service.ts";
import { UsersService } from "./users.service.ts";

/** What the HTTP adapters use of this family besides its factory. */
export type { From } from "./household.service.ts";
export type { OidcFlow } from "./oidcSignIn.service.ts";
export type { SignedIn } from "./signIn.service.ts";

/** What other families use of this one. */
export { type UsersService, isUuid } from "./users.service.ts";

/** People: users, API tokens and libraries, sign-in, the household, a person's own data. */
export function createUsers({ config, database, now, log }: Base) {
  const db = database.db;
  const usersRepo = new UsersRepo(db);
  const householdRepo = new HouseholdRepo(db);
  const users = new UsersService(usersRepo, now);
  const signIn = new SignInService(usersRepo, users, {
    sessionDays: config.Auth.SessionDays,
    attempts: config.Auth.SignInAttempts,
    now,
  });
  return {
    users,
    signIn,
    /** First run, invitations, reset links, disabling and removing people, one's own sign-ins. */
    household: new HouseholdService({
      repo: householdRepo,
      usersRepo,
      users,
      signIn,
      auth: config.Auth,
      now,
    }),
    /** Sign-in through the household's OpenID provider; null when none is configured. */
    oidc: config.Auth.Oidc
      ? new OidcSignInService(config.Auth.Oidc, { repo: householdRepo, usersRepo, users, signIn, log })
      : null,
    /** The admin's list of people. */
    people: new PeopleService(users, signIn),
    /** A person's own data: export all of it, delete all of it. */
    personData: new PersonDataService(new PersonDataRepo(db), users, now),
    /** A person's own language and units for the web app. */
    personSettings: new PersonSettingsService(usersRepo),
  };
}

export type Users = ReturnType<typeof createUsers>;
