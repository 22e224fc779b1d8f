// The lint that keeps the web app's words in the catalogues (lint/noUntranslatedText.js): a planted
// untranslated string fails it wherever a person reads or hears it; keys, data and signs pass.
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { describe, it } from "vitest";
import { noUntranslatedText } from "../../lint/noUntranslatedText.js";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});
const bad = (code: string) => ({ code, errors: [{ messageId: "untranslated" }] });

tester.run("no-untranslated-text", noUntranslatedText, {
  valid: [
    'el("p", {}, t("status.title"))',
    'el("p", { class: "muted error", href: "#/people", type: "button" }, t("app.loading"))',
    'el("td", {}, "–")',
    'el("p", {}, `${a} · ${b}`)',
    'el("td", {}, String(n))',
    'fill(node, " ", name)',
    'announce(t("backups.made", { name }))',
    'node.textContent = t("app.details")',
    'node.className = "okay notice"',
    'el("a", { href: "/api/welcome/oidc/start?link=1" }, provider.label)',
    'const x = <p class="muted">{t("app.loading")}</p>',
    'const x = <button aria-label={t("app.details")}>{"→"}</button>',
    'addScreen({ path: "status", nav: () => t("status.title"), render })',
    'console.log("a log line is not on screen")',
    'sessionStorage.setItem("ladle.token", value)',
  ],
  invalid: [
    bad('el("p", {}, "Nothing is waiting.")'),
    bad('el("p", {}, single ? t("a.b") : "Sign in")'),
    bad('el("p", {}, [name, " (admin)"])'),
    bad('el("p", {}, `Signed in as ${name}`)'),
    bad('fill(box, "Loading…")'),
    bad('box.replaceChildren("Saved.")'),
    bad('el("button", { "aria-label": "Close" }, "×")'),
    bad('el("input", { placeholder: "Search recipes" })'),
    bad('announce("Backup made.")'),
    bad('window.confirm("Delete it?")'),
    bad("alert(`Failed: ${why}`)"),
    bad('status.textContent = "Downloaded."'),
    bad('document.title = "Ladle – Recipes"'),
    bad('button.setAttribute("aria-label", "Open the menu")'),
    bad('addScreen({ path: "status", nav: "Status", render })'),
    bad("const x = <p>Keep it</p>"),
    bad('const x = <p>{"Keep it"}</p>'),
    bad('const x = <img alt="A plate of pasta" src={src} />'),
    bad("const x = <span title={`Made ${when}`} />"),
    bad('el("p", {}, "Schön, dass du da bist")'),
  ],
});
