/**
 * Turns the DOM already on the page into a freshly built tree, touching only what differs.
 *
 * A lesson page redraws its views on every input. Swapping in new nodes makes the browser
 * restyle and lay out every one of them, text it has already measured included; morphing
 * keeps the nodes that did not change, so the frame pays only for what did. Children are
 * matched by position: the views morphed here keep their structure from one input to the next.
 */
import {SVG_NAMESPACE, takeListeners} from "./dom.js";

/** Makes `current` look like `next` and returns the node now in the document (`current` when it could be kept). */
export function morph(current: Node, next: Node): Node {
  if (current.nodeType !== next.nodeType || current.nodeName !== next.nodeName) {
    current.parentNode?.replaceChild(next, current);
    return next;
  }
  if (current.nodeType === Node.TEXT_NODE || current.nodeType === Node.COMMENT_NODE) {
    if (current.nodeValue !== next.nodeValue) current.nodeValue = next.nodeValue;
    return current;
  }
  if (isSameChartPart(current, next)) return current;
  if (current instanceof Element && next instanceof Element) {
    morphAttributes(current, next);
    takeListeners(current, next);
  }
  morphChildren(current, next);
  return current;
}

/**
 * A chart redrawn for one input keeps most of its marks and ticks as they were: one native
 * comparison skips such a part whole. Only inside an <svg> (never the <svg> itself, where a
 * chart's click listener sits): listen() refuses a chart's parts, so none has a listener to hand over.
 */
function isSameChartPart(current: Node, next: Node): boolean {
  return (
    next.nodeType === Node.ELEMENT_NODE &&
    (next as Element).namespaceURI === SVG_NAMESPACE &&
    next.nodeName !== "svg" &&
    current.isEqualNode(next)
  );
}

function morphAttributes(current: Element, next: Element): void {
  const had = current.attributes;
  const wanted = next.attributes;
  // Views are rebuilt by the same code, so attributes usually come with the same names in the
  // same order and only some values differ: compare them pairwise, with no lookup by name.
  if (had.length === wanted.length && sameNamesInOrder(had, wanted)) {
    for (let index = 0; index < wanted.length; index++) {
      const b = wanted[index]!;
      if (had[index]!.value !== b.value) current.setAttributeNS(b.namespaceURI, b.name, b.value);
    }
    return;
  }
  // Backwards: removing an attribute shifts the ones after it.
  for (let index = had.length - 1; index >= 0; index--) {
    const {namespaceURI, localName} = had[index]!;
    if (!next.hasAttributeNS(namespaceURI, localName)) current.removeAttributeNS(namespaceURI, localName);
  }
  for (let index = 0; index < wanted.length; index++) {
    const {namespaceURI, localName, name, value} = wanted[index]!;
    if (current.getAttributeNS(namespaceURI, localName) !== value) current.setAttributeNS(namespaceURI, name, value);
  }
}

function sameNamesInOrder(had: NamedNodeMap, wanted: NamedNodeMap): boolean {
  for (let index = 0; index < had.length; index++) {
    if (had[index]!.name !== wanted[index]!.name) return false;
  }
  return true;
}

/**
 * A child added to a drawing by someone else than its view, that a redraw must leave where it is:
 * a chart's drawing for the paper, added while the page prints (print-charts.ts).
 */
export const MORPH_KEEP_ATTRIBUTE = "data-morph-keep";
const isKept = (node: Node) => node instanceof Element && node.hasAttribute(MORPH_KEEP_ATTRIBUTE);

function morphChildren(current: Node, next: Node): void {
  let have = current.firstChild;
  let want = next.firstChild;
  // Siblings are read before morphing: a replaced node moves out of `next` into `current`.
  while (have !== null && want !== null) {
    const [haveNext, wantNext] = [have.nextSibling, want.nextSibling];
    if (isKept(have)) {
      have = haveNext;
      continue;
    }
    morph(have, want);
    have = haveNext;
    want = wantNext;
  }
  while (have !== null) {
    const haveNext = have.nextSibling;
    if (!isKept(have)) current.removeChild(have);
    have = haveNext;
  }
  while (want !== null) {
    const wantNext = want.nextSibling;
    current.appendChild(want);
    want = wantNext;
  }
}
