// Names for the API's declared shapes (generated in schema.gen.ts), as screens use them.
import type { components } from "./schema.gen.ts";

type S = components["schemas"];
export type Person = S["Person"];
export type ApiToken = S["ApiToken"];
export type Library = S["Library"];
export type LibraryMember = S["LibraryMember"];
