/**
 * The two columns the signature debugger and the JWT lab show a request in: what the sender did,
 * what the receiver did with it. Each side is a heading and its lines.
 */
import {element, type Child} from "../runtime/dom.js";

export interface Side {
  heading: string;
  lines: Child[];
}

export function SenderAndReceiver(sender: Side, receiver: Side): HTMLElement {
  const side = (name: string, {heading, lines}: Side) =>
    element("section", {"aria-label": name}, element("p", {class: "debug-side"}, heading), ...lines);
  return element("div", {class: "debug-columns"}, side("Sender", sender), side("Receiver", receiver));
}

/** The caption above a value in a column ("Headers sent:"). */
export function DebugCaption(...text: Child[]): HTMLElement {
  return element("p", {class: "debug-caption"}, ...text);
}
