// The ways in for someone not signed in yet (first run, invitation, reset link), and the first
// visit's turn to the first-run screen while the install has no owner.
import { h } from "preact";
import { answer, client } from "../../api/client.ts";
import { addScreen, mount } from "../../lib.ts";
import { InviteScreen, ResetScreen, SignInFailedScreen, WelcomeScreen } from "./WelcomeScreens.tsx";

addScreen({ path: "welcome", render: () => mount(h(WelcomeScreen, {})) });
addScreen({ path: "invite", render: (code = "") => mount(h(InviteScreen, { code })) });
addScreen({ path: "reset", render: (code = "") => mount(h(ResetScreen, { code })) });
addScreen({ path: "signin-failed", render: (why = "") => mount(h(SignInFailedScreen, { why })) });

/** Before the first screen: a new install (no owner, sign-in on) opens on the first run. */
export async function firstVisit(): Promise<void> {
  if (/^#\/(invite|reset|welcome|signin-failed)\b/.test(location.hash)) return;
  const r = await answer(client.GET("/api/welcome"));
  if (r.ok && r.body.firstRun && !r.body.singlePerson) location.replace("#/welcome");
}
