/** A 1x1 PNG. */
export const PNG_1x1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const PARAS = [
  "The kitchen was quiet at dawn, when the bakers arrived to light the ovens and fold the first dough of the day. Flour hung in the air like fog over a river, and the radio murmured the weather.",
  "Sourdough asks for patience more than skill. A starter kept warm and fed twice a day rewards its keeper with a loaf whose crust crackles as it cools and whose crumb is open and glossy.",
  "Most home bakers give up too early. The first loaves are flat, the second are sour, and only by the fifth does the rhythm of feeding, folding and waiting start to feel natural rather than imposed.",
  "There is no secret ingredient. There is only time, temperature and attention, and the willingness to write down what happened so that tomorrow's bread is a little better than today's.",
];

/** A readable article page; `body` is inserted in the middle of the article. */
export function articlePage(opts: { title?: string; body?: string; head?: string } = {}): string {
  const title = opts.title ?? "The Slow Bread Movement";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="author" content="Jane Baker">${opts.head ?? ""}</head>
<body><header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
<main><article><h1>${title}</h1><p class="byline">By Jane Baker</p>
<p>${PARAS[0]}</p><p>${PARAS[1]} <a href="/starter">Read about starters</a>.</p>
${opts.body ?? ""}
<p>${PARAS[2]}</p><p>${PARAS[3]}</p></article></main>
<footer><p>Copyright Bakery News</p></footer></body></html>`;
}
