/**
 * The request editor's part of the page's link (lib/message/permalink.ts), when it owns it: the
 * example, the request and the version, and the pinned request. It says at once what the link
 * holds, writes the address once the text or the pin settles, and offers Copy link.
 */
import {joinQuery} from "../../../lib/lesson-inputs/permalink.js";
import {
  writeMessageLink,
  writePinnedMessage,
  type MessageLinkState,
  type MessageLinkWriting
} from "../../../lib/message/permalink.js";
import {copyLink} from "../controls/control-panel.js";
import {element, writeText} from "../runtime/dom.js";
import {LinkWriter} from "../links/link-writer.js";
import {addressSearch, replaceAddressSearch} from "../links/page-address.js";

export interface EditorLink {
  /** Copy link, its status, and what the link holds. */
  element: HTMLElement;
  /** Takes the editor's state (`exampleTitle` its example's title, to name it) and writes it once it settles. */
  update(state: MessageLinkState, exampleTitle: string): void;
  /** Writes the link once it settles (the pin changed). */
  schedule(): void;
  /** Writes the link now. */
  write(): void;
}

export function EditorLink(pinned: () => MessageLinkState | null): EditorLink {
  const scope = element("span", {class: "link-scope"});
  const copyStatus = element("span", {class: "copy-link-status", role: "status"});
  const copyButton = element("button", {type: "button", class: "copy-link"}, "Copy link");
  let linkSearch = "";
  // The guided lesson's step is not the editor's: it stays as the tour wrote it.
  const writer = LinkWriter(() =>
    replaceAddressSearch(joinQuery(addressSearch(), linkSearch, writePinnedMessage(pinned()).parameters))
  );
  copyButton.addEventListener("click", () => {
    writer.flush();
    void copyLink(copyStatus);
  });
  return {
    element: element("div", {class: "control-actions"}, copyButton, copyStatus, scope),
    update(state, exampleTitle) {
      const link = writeMessageLink(state);
      linkSearch = link.search;
      writeText(scope, linkScope(link, state, exampleTitle));
      writer.later();
    },
    schedule: writer.later,
    write: writer.now
  };
}

function linkScope(link: MessageLinkWriting, state: MessageLinkState, exampleTitle: string): string {
  const version = state.version === "0.3" ? "" : `, sent with A2A-Version ${state.version}`;
  if (link.carriesRequest) return `The link holds this example and your edited request${version}.`;
  if (link.omittedReason !== null)
    return `The link holds only the example (“${exampleTitle}”)${version}: ${link.omittedReason}.`;
  return `The link holds this example${version}.`;
}
