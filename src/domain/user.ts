import { z } from "zod";
import { RECIPE_LANGUAGES } from "./recipeLanguage.ts";

/** A user's role: admins manage prompts and users; users work in their libraries. */
export const zUserRole = z.enum(["admin", "user"]);
export type UserRole = z.infer<typeof zUserRole>;

/**
 * A member's role in a library: admins may add media and members;
 * editors may change the library's recipes; members read them.
 */
export const zLibraryRole = z.enum(["admin", "editor", "member"]);
export type LibraryRole = z.infer<typeof zLibraryRole>;

/** User names: 1-64 letters, digits, `.`, `_`, `-` (they appear in CLI output and logs). */
export const zUserName = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, "use 1-64 letters, digits, '.', '_' or '-'");

/** The name of the built-in user of the loopback single-admin mode; reserved. */
export const LOCAL_USER_NAME = "local";

/** A user as the services and APIs show it (never with token material). */
export const zUser = z
  .object({
    id: z.string(),
    name: z.string(),
    role: zUserRole,
    createdAt: z.string(),
  })
  .meta({ id: "User" });
export type User = z.infer<typeof zUser>;

/** An API token's metadata; the token itself is shown once, when issued. */
export const zApiToken = z
  .object({
    id: z.string(),
    userId: z.string(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: "ApiToken" });
export type ApiToken = z.infer<typeof zApiToken>;

/** A person as an admin sees them on the people screen: who, their role, how many tokens. */
export const zPerson = zUser
  .extend({
    tokens: z.number().int(),
    /** Disabled by an admin: they cannot sign in and no token of theirs works; their records stay. */
    disabled: z.boolean(),
  })
  .meta({ id: "Person" });

/** An admin adds a person: a name, a role, and optionally their first password. */
export const zAddPersonRequest = z
  .object({
    name: zUserName,
    role: zUserRole.default("user"),
    password: z.string().optional(),
    /** The language they speak, for what Ladle names for them (their library); else the request's. */
    language: z.enum(RECIPE_LANGUAGES).optional(),
  })
  .meta({ id: "AddPersonRequest" });

/** A new API token, named so its owner can tell it apart later ("phone", "backup script"). */
export const zIssueTokenRequest = z
  .object({ name: z.string().trim().min(1).max(100).default("default") })
  .meta({ id: "IssueTokenRequest" });

/** A token as issued: the secret is in this answer only. */
export const zIssuedToken = z.object({ token: z.string(), apiToken: zApiToken }).meta({ id: "IssuedToken" });

/** A library as one member sees it. */
export const zLibrary = z
  .object({
    id: z.string(),
    name: z.string(),
    ownerId: z.string(),
    isDefault: z.boolean(),
    /** The viewer's role in it. */
    role: zLibraryRole,
    createdAt: z.string(),
  })
  .meta({ id: "Library" });
export type Library = z.infer<typeof zLibrary>;

/** `POST /api/libraries`. */
export const zCreateLibraryRequest = z
  .object({ name: z.string().trim().min(1).max(200) })
  .meta({ id: "CreateLibraryRequest" });

/** One person in a library, as its members see them. */
export const zLibraryMember = z
  .object({ userId: z.string(), name: z.string(), role: zLibraryRole })
  .meta({ id: "LibraryMember" });

/** `POST /api/libraries/{id}/members`. */
export const zAddMemberRequest = z
  .object({ user: zUserName, role: zLibraryRole.default("member") })
  .meta({ id: "AddLibraryMemberRequest" });

/** The caller of a request, as authentication decided. */
export interface Caller {
  /** Stable user id (users.id): what ownership columns (owner_id, user_id) store. */
  id: string;
  name: string;
  role: UserRole;
}

/**
 * Whom a read or write is for: every service method and repo query that touches a user's data takes
 * one (spec README, "Who may do what"). `everyone` widens an admin's view, only where a route says
 * so; it means nothing for other roles. Workers act as `SYSTEM`.
 */
export interface Viewer {
  id: string;
  role: UserRole;
  everyone?: boolean;
}

/** The queue's workers and maintenance jobs: they act on every row, never for a request. */
export const SYSTEM: Viewer = Object.freeze({
  id: "00000000-0000-0000-0000-000000000000",
  role: "admin",
  everyone: true,
});

/** True when the viewer sees every row (an admin where the route allows it, or the system). */
export function seesEveryone(v: Viewer): boolean {
  return v.everyone === true && v.role === "admin";
}

/** A viewer who writes: their name goes into version history. */
export type Actor = Viewer & { name: string };

/** The languages the web app speaks (the readers' languages). */
export const zAppLanguage = z.enum(["en", "de", "fr", "es", "it", "nl", "pt", "sv"]);
export type AppLanguage = z.infer<typeof zAppLanguage>;

/** The units amounts are shown in: metric, or US customary (cups, ounces). */
export const zUnitSystem = z.enum(["metric", "us"]);

/** A person's own settings for the web app; null follows the browser (language) or its locale (units). */
export const zPersonSettings = z
  .object({ language: zAppLanguage.nullable(), units: zUnitSystem.nullable() })
  .meta({ id: "PersonSettings" });
export type PersonSettings = z.infer<typeof zPersonSettings>;

/** A change to one's settings: the fields sent are set (null clears one), the others stay. */
export const zPersonSettingsUpdate = z
  .strictObject({ language: zAppLanguage.nullable().optional(), units: zUnitSystem.nullable().optional() })
  .meta({ id: "PersonSettingsUpdate" });
export type PersonSettingsUpdate = z.infer<typeof zPersonSettingsUpdate>;
