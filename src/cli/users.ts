import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { zUserRole } from "../domain/user.ts";
import { Ladle } from "../app/ladle.ts";
import { cliLanguage } from "./i18n/cliWords.ts";
import { personCommand } from "./personCommand.ts";
import { HOUSEHOLD_USAGE, householdCommand } from "./householdCommands.ts";
import { say as words } from "./i18n/cliWords.ts";
import { problemWords, sayProblem } from "./i18n/cliProblems.ts";

const USAGE = `usage:
  ladle users add NAME [--role admin|user] [--token-name NAME]   create a user and print their first token
  ladle users list [--json]                                     list users and their tokens
  ladle users token NAME [--name TOKEN_NAME]                    issue another token for a user
  ladle users token NAME --revoke TOKEN_ID                      revoke a token
  ladle users password NAME                                     set a password for signing in to the web app
                                                                (read from stdin: echo "$PW" | ladle users password bo)
  ladle users export NAME -o FILE                               all of a person's data in one file
  ladle users erase NAME --confirm NAME                         delete a person and everything of theirs
${HOUSEHOLD_USAGE}`;

/**
 * `ladle users`: manage the users of the configured database. Tokens are printed once, on
 * stdout, and stored hashed; everything else goes to stderr.
 */
export async function usersCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      role: { type: "string", default: "user" },
      "token-name": { type: "string", default: "default" },
      name: { type: "string", default: "default" },
      revoke: { type: "string" },
      json: { type: "boolean", default: false },
      output: { type: "string", short: "o" },
      confirm: { type: "string" },
      url: { type: "string" },
      to: { type: "string" },
    },
  });
  const [sub, who, ...extra] = positionals;
  const noName = sub === "list" || sub === "setup" || sub === "invite";
  if (!sub || extra.length || (!noName && !who) || (noName && who)) {
    process.stderr.write(USAGE + "\n");
    return 2;
  }
  const role = zUserRole.safeParse(values.role);
  if (!role.success) {
    process.stderr.write(`ladle users: ${words("roleAdminOrUser")}\n`);
    return 2;
  }
  const config = loadConfig({ overrides: { Server: { LogLevel: "warn" } } });
  const ladle = await Ladle.start({ config, queue: false, role: "api" });
  try {
    const users = ladle.users;
    const done = await householdCommand(ladle, sub, who, { role: role.data, url: values.url, to: values.to });
    if (done !== null) return done;
    if (sub === "list") {
      if (values.json) {
        const list = await Promise.all(
          (await users.list()).map(async (u) => ({ ...u, tokens: await users.tokens(u.id) })),
        );
        process.stdout.write(JSON.stringify({ users: list }, null, 2) + "\n");
        return 0;
      }
      for (const u of await users.list()) {
        process.stdout.write(
          `${words("userLine", { name: u.name, role: u.role, disabled: u.disabled ? words("userDisabled") : "", id: u.id, tokens: u.tokens, createdAt: String(u.createdAt) })}\n`,
        );
        for (const t of await users.tokens(u.id))
          process.stdout.write(
            `${words("tokenLine", { id: t.id, name: t.name, createdAt: String(t.createdAt), lastUsed: t.lastUsedAt ? String(t.lastUsedAt) : words("never") })}\n`,
          );
      }
      return 0;
    }
    if (sub === "add") {
      // Their library is named in the language of whoever types the command (LADLE_LANG, LANG).
      const created = await users.create({ name: who!, role: role.data, language: cliLanguage() });
      if (!created.ok) {
        process.stderr.write(`ladle users: ${sayProblem(created.code, created.message)}\n`);
        return 1;
      }
      const issued = await users.issueToken(created.value.id, values["token-name"]);
      if (!issued.ok) throw new Error(issued.message);
      process.stderr.write(
        `${words("userCreated", { role: created.value.role, name: created.value.name, id: created.value.id })}\n`,
      );
      process.stdout.write(issued.value.token + "\n");
      return 0;
    }
    if (sub === "token") {
      const user = await users.get(who!);
      if (!user.ok) {
        process.stderr.write(`ladle users: ${sayProblem(user.code, user.message)}\n`);
        return 1;
      }
      if (values.revoke) {
        const done = await users.revokeToken(user.value.id, values.revoke);
        process.stderr.write(
          `${done ? words("tokenRevoked", { id: values.revoke }) : words("noSuchToken", { id: values.revoke, name: who! })}\n`,
        );
        return done ? 0 : 1;
      }
      const issued = await users.issueToken(user.value.id, values.name);
      if (!issued.ok) throw new Error(issued.message);
      process.stderr.write(
        `${words("tokenIssued", { id: issued.value.apiToken.id, name: user.value.name })}\n`,
      );
      process.stdout.write(issued.value.token + "\n");
      return 0;
    }
    if (sub === "password") {
      const user = await users.get(who!);
      if (!user.ok) {
        process.stderr.write(`ladle users: ${sayProblem(user.code, user.message)}\n`);
        return 1;
      }
      // From stdin, never argv (argv shows in the process list and the shell's history).
      if (process.stdin.isTTY) process.stderr.write(words("newPassword", { name: user.value.name }));
      const password = (await readLine()).replace(/\r?\n$/, "");
      const set = await ladle.signIn.setPassword(user.value.id, password);
      if (!set.ok) {
        process.stderr.write(`ladle users: ${problemWords(set.code, set.message)}\n`);
        return 1;
      }
      process.stderr.write(`${words("passwordSet", { name: user.value.name })}\n`);
      return 0;
    }
    if (sub === "export" || sub === "erase") return await personCommand(ladle, sub, who!, values);
    process.stderr.write(USAGE + "\n");
    return 2;
  } finally {
    await ladle.stop();
  }
}

/** The first line of stdin (a password piped or typed). */
async function readLine(): Promise<string> {
  let data = "";
  for await (const chunk of process.stdin) {
    data += String(chunk);
    const nl = data.indexOf("\n");
    if (nl >= 0) return data.slice(0, nl);
  }
  return data;
}
