/**
 * Builds DOM nodes with the DOM API: element(tag, props, ...children).
 *
 * For views redrawn on every input and the controls built at load. htl's html`` parses its
 * template as HTML on every call; this creates the elements directly, which a lesson page's
 * per-input redraw needs to stay inside one frame. Children that are strings or numbers become text nodes, never markup, so
 * user text is always rendered as text.
 */

export type Child = Node | string | number | null | undefined | false | readonly Child[];

/** Attributes by name; `on<event>` takes a listener. false, null and undefined leave an attribute out; true sets it empty. */
export type Props = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Props | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props) setProps(node, props);
  append(node, children);
  return node;
}

export const SVG_NAMESPACE = "http://www.w3.org/2000/svg";

/** element() for SVG: a chart drawn by hand (a redraw that must fit in a frame) builds its marks with this. */
export function svgElement<K extends keyof SVGElementTagNameMap>(
  tag: K,
  props?: Props | null,
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG_NAMESPACE, tag);
  if (props) setProps(node, props);
  append(node, children);
  return node;
}

function setProps(node: Element, props: Props): void {
  for (const name in props) {
    const value = props[name];
    if (typeof value === "function") {
      if (!name.startsWith("on")) throw new Error(`a listener must be named on<event>, not ${name}`);
      listen(node, name.slice(2), value);
    } else if (value === true) node.setAttribute(name, "");
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(name, String(value));
  }
}

// Listeners added through listen(), per element, so morph() can move them to the element it keeps.
const listeners = new WeakMap<Element, {type: string; listener: (event: Event) => void}[]>();

/** addEventListener, remembered so that morph() can hand the listener over when it keeps an older element. */
export function listen(node: Element, type: string, listener: (event: Event) => void): void {
  // morph() skips a chart's parts that equal the ones shown, listeners and all: only a chart's <svg> may listen.
  if (node.namespaceURI === SVG_NAMESPACE && node.localName !== "svg")
    throw new Error(
      `listen on a chart's <svg>, not on its <${node.localName}> (morph.ts keeps equal chart parts without handing their listeners over)`
    );
  node.addEventListener(type, listener);
  let list = listeners.get(node);
  if (!list) listeners.set(node, (list = []));
  list.push({type, listener});
}

/** Moves the remembered listeners: `from`'s own are dropped from `to`, and `to` gets `from`'s new ones. */
export function takeListeners(to: Element, from: Element): void {
  for (const {type, listener} of listeners.get(to) ?? []) to.removeEventListener(type, listener);
  listeners.delete(to);
  for (const {type, listener} of listeners.get(from) ?? []) listen(to, type, listener);
}

/**
 * Sets an element's text only when it differs: writing the same text still replaces the text
 * node, and the browser lays the element out again, in the frame of every input.
 */
export function writeText(node: Element, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

/** setAttribute, only when the value differs (for the same reason as writeText). */
export function writeAttribute(node: Element, name: string, value: string): void {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/** `hidden`, only when it changes (for the same reason as writeText). */
export function writeHidden(node: HTMLElement, hidden: boolean): void {
  if (node.hidden !== hidden) node.hidden = hidden;
}

export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (typeof child === "string" || typeof child === "number")
      parent.appendChild(document.createTextNode(String(child)));
    else if (Array.isArray(child)) append(parent, child);
    else parent.appendChild(child as Node);
  }
}
