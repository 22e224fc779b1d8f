/**
 * True when a page is a client-rendered shell: little visible text, scripts doing the work, an
 * empty mount point or a "please enable JavaScript" notice. Such pages are worth a browser render.
 */
export function looksLikeScriptShell(html: string): boolean {
  const scripts = (html.match(/<script\b/gi) ?? []).length;
  if (scripts === 0) return false;
  const text = html
    .replace(/<(script|style|noscript|template)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const emptyMount = /<div[^>]+id=["'](root|app|__next|__nuxt|svelte|main-app)["'][^>]*>\s*<\/div>/i.test(
    html,
  );
  const noscript =
    /<noscript[^>]*>[\s\S]{0,300}(enable javascript|javascript (is )?required|requires javascript)/i.test(
      html,
    );
  return text.length < 600 || ((emptyMount || noscript) && text.length < 3000);
}
