// @ts-check
// The web app's words go through t() (src/web/app/i18n): this rule reports a string or template
// literal holding letters where it becomes words a person reads or hears: children of el()/fill()
// and of append()/replaceChildren(), JSX text, the attributes title/aria-label/placeholder/alt/label
// (el()'s attributes, JSX, setAttribute), announce()/confirm()/alert() arguments, textContent/
// ariaLabel/title/placeholder assignments, and a screen's nav label. Strings without letters
// ("–", " · ", "…") and example addresses pass. Hand-written: no maintained ESLint plugin knows el() and its attributes.

/** Attributes a person reads or hears. */
const SPOKEN_ATTRS = new Set(["title", "aria-label", "placeholder", "alt", "label", "aria-description"]);
/** Properties whose assignment puts words on screen. */
const SPOKEN_PROPS = new Set(["textContent", "innerText", "ariaLabel", "title", "placeholder", "alt"]);
/** Calls whose arguments are said to the person. */
const SAYING_CALLS = new Set(["announce", "confirm", "alert", "prompt"]);
/** DOM methods whose arguments become a node's children. */
const CHILD_METHODS = new Set(["append", "prepend", "replaceChildren", "after", "before"]);

/** An address shown as an example ("https://example.com/blog") is the same in every language. */
const isAddress = (/** @type {string} */ s) => /^https?:\/\/\S*$/.test(s.trim());
const hasLetters = (/** @type {string} */ s) => /\p{L}/u.test(s) && !isAddress(s);

/** @param {any} node */
function literalText(node) {
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral")
    return node.quasis.map((/** @type {any} */ q) => q.value.cooked ?? "").join(" ");
  return null;
}

/** @param {any} callee */
function calleeName(callee) {
  if (callee.type === "Identifier") return callee.name;
  if (callee.type === "MemberExpression" && !callee.computed && callee.property.type === "Identifier")
    return callee.property.name;
  return null;
}

/** @param {any} key */
function keyName(key) {
  if (key.type === "Identifier") return key.name;
  if (key.type === "Literal") return String(key.value);
  return null;
}

/**
 * Climbs from a literal through what passes its value on unchanged (a ? b : c, a || b, [a, b],
 * a + b, `as` casts) to the node that uses it, and says whether that use is words on screen.
 * @param {any} node
 */
function spokenUse(node) {
  let child = node;
  let parent = node.parent;
  for (;;) {
    if (!parent) return null;
    const passes =
      (parent.type === "ConditionalExpression" && parent.test !== child) ||
      parent.type === "LogicalExpression" ||
      parent.type === "ArrayExpression" ||
      (parent.type === "BinaryExpression" && parent.operator === "+") ||
      parent.type === "TSAsExpression" ||
      parent.type === "TSNonNullExpression" ||
      parent.type === "SpreadElement";
    if (!passes) break;
    child = parent;
    parent = parent.parent;
  }
  if (parent.type === "CallExpression" || parent.type === "NewExpression") {
    const name = calleeName(parent.callee);
    const at = parent.arguments.indexOf(child);
    if (at < 0) return null;
    if (name === "el" && at >= 2) return "a child of el()";
    if (name === "fill" && at >= 1) return "a child of fill()";
    if (name && CHILD_METHODS.has(name) && parent.callee.type === "MemberExpression")
      return `an argument of ${name}()`;
    if (name && SAYING_CALLS.has(name)) return `what ${name}() says`;
    if (name === "setAttribute" && at === 1) {
      const attr = parent.arguments[0];
      if (attr?.type === "Literal" && SPOKEN_ATTRS.has(String(attr.value)))
        return `the ${attr.value} attribute`;
    }
    return null;
  }
  if (parent.type === "Property" && parent.value === child) {
    const key = keyName(parent.key);
    const object = parent.parent;
    const call = object?.parent;
    if (call?.type === "CallExpression" && call.arguments.indexOf(object) >= 0) {
      const name = calleeName(call.callee);
      if (name === "el" && call.arguments.indexOf(object) === 1 && key && SPOKEN_ATTRS.has(key))
        return `the ${key} attribute`;
      if (name === "addScreen" && key === "nav") return "a screen's nav label";
    }
    return null;
  }
  if (parent.type === "AssignmentExpression" && parent.right === child) {
    const left = parent.left;
    if (left.type === "MemberExpression" && !left.computed && SPOKEN_PROPS.has(left.property.name))
      return `the ${left.property.name} it is assigned to`;
    return null;
  }
  if (parent.type === "JSXExpressionContainer") {
    const holder = parent.parent;
    if (holder?.type === "JSXElement" || holder?.type === "JSXFragment") return "JSX text";
    if (holder?.type === "JSXAttribute" && SPOKEN_ATTRS.has(String(holder.name.name)))
      return `the ${holder.name.name} attribute`;
    return null;
  }
  if (parent.type === "JSXAttribute" && parent.value === child && SPOKEN_ATTRS.has(String(parent.name.name)))
    return `the ${parent.name.name} attribute`;
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
export const noUntranslatedText = {
  meta: {
    type: "problem",
    docs: { description: "Words a person reads or hears in the web app go through t() and the catalogues." },
    messages: {
      untranslated:
        'Words on screen ({{where}}) must come from the catalogues: add them to src/web/app/i18n/<language>/<namespace>.json (all 8 languages) and write t("<namespace>.<key>").',
    },
    schema: [],
  },
  create(context) {
    /** @param {any} node */
    const check = (node) => {
      const text = literalText(node);
      if (text === null || !hasLetters(text)) return;
      const where = spokenUse(node);
      if (where) context.report({ node, messageId: "untranslated", data: { where } });
    };
    return {
      Literal: check,
      TemplateLiteral: check,
      /** @param {any} node */
      JSXText(node) {
        if (hasLetters(node.value))
          context.report({ node, messageId: "untranslated", data: { where: "JSX text" } });
      },
    };
  },
};

export default { rules: { "no-untranslated-text": noUntranslatedText } };
