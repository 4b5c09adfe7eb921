/**
 * The request a printed lesson 2 analyses (and the pinned one it is compared with): the editor is a
 * control and is not printed, so a handout would otherwise leave out what its charts are about.
 * Shown only in print (style.css, "Slide exports and handouts"); the text is the editor's, as text.
 */
import {element} from "../runtime/dom.js";

export interface PrintedRequestText {
  text: string;
  /** The A2A version it is sent as ("0.3.0", "1.0"). */
  version: string;
}

export function PrintedRequest(current: PrintedRequestText, pinned: PrintedRequestText | null): HTMLElement {
  const part = (name: string, request: PrintedRequestText) => [
    element("p", {class: "printed-request-name"}, `${name} (A2A-Version ${request.version}):`),
    element("pre", null, request.text)
  ];
  return element(
    "div",
    {class: "printed-request"},
    part("The request analysed", current),
    pinned === null ? null : part("The pinned request it is compared with", pinned)
  );
}
