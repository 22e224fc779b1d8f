// A sentence with an element inside it (a link, a name in bold): the element sits where the
// person's language puts `{slot}` in the message, so the sentence is never built from pieces.
import { t, type MessageKey, type MessageValues } from "../i18n/i18n.ts";

// A character no message or value holds, marking the slot in the formatted words.
const MARK = "\u0000";

/** The words of `key` around `slot` (at the message's `{slot}`), ready to be a node's children. */
export function withSlot(key: MessageKey, values: MessageValues, slot: Node): (string | Node)[] {
  const [before = "", ...rest] = t(key, { ...values, slot: MARK }).split(MARK);
  return [before, slot, rest.join("")];
}
