import { z } from "zod";
import { zAddMemberRequest, zCreateLibraryRequest } from "../../domain/user.ts";
import { defineOp, failed, ok } from "../operation.ts";

const zLibraryId = z.string().min(1).max(200);

export const libraryTools = [
  defineOp({
    name: "library_list",
    title: "My libraries",
    description:
      "List the libraries the user belongs to (their own default one, and shared ones), with their role in each (admin or member). Articles and bookmarks live in libraries.",
    readOnly: true,
    input: {},
    async run(ctx) {
      return ok({ user: ctx.caller, libraries: await ctx.ladle.users.libraries(ctx.caller.id) });
    },
  }),

  defineOp({
    name: "library_create",
    title: "Create a library",
    description:
      "Create a library the user owns and administers, to share articles and bookmarks. Returns the library.",
    input: { name: zCreateLibraryRequest.shape.name.describe("The library's name.") },
    async run(ctx, { name }) {
      return ok(await ctx.ladle.users.createLibrary(ctx.caller.id, name));
    },
  }),

  defineOp({
    name: "library_members",
    title: "A library's members",
    description: "List the members of one of the user's libraries, with their roles.",
    readOnly: true,
    input: { libraryId: zLibraryId.describe("The library's id.") },
    async run(ctx, { libraryId }) {
      const res = await ctx.ladle.users.members(ctx.caller.id, libraryId);
      return res.ok ? ok({ members: res.value }) : failed(res);
    },
  }),

  defineOp({
    name: "library_add_member",
    title: "Share a library",
    description:
      "Add a user (by user name) to a library the user administers, as member (reads) or admin (also adds). Returns the membership.",
    input: {
      libraryId: zLibraryId.describe("The library's id."),
      user: zAddMemberRequest.shape.user.describe("The user name to add."),
      role: zAddMemberRequest.shape.role.describe("member (default) or admin."),
    },
    async run(ctx, { libraryId, user, role }) {
      const res = await ctx.ladle.users.addMember(ctx.caller.id, libraryId, user, role);
      return res.ok ? ok(res.value) : failed(res);
    },
  }),
];
