import type { ColumnType } from "kysely";
import type { Timestamp } from "./columnTypes.ts";

// The people of the server: users, their API tokens and one-time links, libraries and their members.

/** Users (articles family owns 005_users_libraries). */
export interface UsersTable {
  id: string;
  name: string;
  /** admin | user */
  role: string;
  created_at: Timestamp;
  /** scrypt of the user's password (`scrypt$N$r$p$salt$hash`), null without one. */
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when an admin disabled the person: no sign-in, no token works; records stay. */
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The OpenID provider and subject this person signs in as (both or neither). */
  oidc_issuer: ColumnType<string | null, string | null | undefined, string | null>;
  oidc_subject: ColumnType<string | null, string | null | undefined, string | null>;
  /** The verified e-mail the provider last gave. */
  email: ColumnType<string | null, string | null | undefined, string | null>;
  /** The web app's language (en, de, fr, …), null to follow the browser. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** metric | us, null to go by the locale. */
  units: ColumnType<string | null, string | null | undefined, string | null>;
}

/** API tokens: only the SHA-256 hex of the token is kept. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  /** `api` (made by a person or the config, never expires) or `session` (a sign-in). */
  kind: ColumnType<string, string | undefined, string>;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** A sign-in's browser and system, as its User-Agent named them (the Sessions list). */
  device: ColumnType<string | null, string | null | undefined, string | null>;
  /** The client address a sign-in came from. */
  address: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One-time links: the first-run setup code, invitations, password resets (only their SHA-256). */
export interface OneTimeLinksTable {
  id: string;
  /** setup | invite | reset */
  kind: string;
  token_hash: string;
  /** The person a reset is for. */
  user_id: string | null;
  /** The role an invitation gives. */
  role: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Libraries; `is_default` marks a user's personal library (one per owner). */
export interface LibrariesTable {
  id: string;
  name: string;
  owner_id: string;
  is_default: boolean;
  created_at: Timestamp;
}

export interface LibraryMembersTable {
  library_id: string;
  user_id: string;
  /** admin | member */
  role: string;
  created_at: Timestamp;
}
