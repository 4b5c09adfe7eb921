/**
 * The request editor: a menu of examples and a box for the JSON-RPC request text, CodeMirror 6
 * once it has loaded (a plain textarea until then), which marks lib's findings on their spans.
 * A custom input: `value` is the request text, and every edit or example choice dispatches
 * `input`, so a page writes `const requestText = view(editor)` and then, once it has the
 * transaction, `editor.mark(requestText, findings)`.
 *
 * With `permalink: true` the editor owns the URL (lib/message/permalink.ts):
 * it starts from the link's version, example and request (a bad parameter is reported by
 * name), writes every change back, says what the link holds, and offers Copy link.
 *
 * The A2A-Version header the request is sent with is `editor.versionInput`, its own input
 * (the page reads it beside the text). Choosing an example sends it with the example's
 * version; switching the version keeps the text, so the same request can be read under both.
 * "Translate to …" rewrites the text for the other version (lib's translateRequest, in a worker
 * when the page gives one), switches to it, and lists what changed and why until the text is
 * edited again.
 *
 * A text over the size limit is named as such at once, from its length alone when that proves
 * it, and gets no per-character work: no marks, and the page hears of a keystroke in it only once
 * typing pauses (the lab refuses it unparsed whatever was typed). A paste that would take the
 * request over the limit is refused before the box takes it, and the status says why.
 *
 * This module composes the editor; its parts are the example menu (./example-menu.ts), the text
 * box with its status and checks (./request-text-box.ts), "Translate to …"
 * (./translate-control.ts) and the link (./editor-link.ts).
 */
import type {PermalinkNotice} from "../../../lib/lesson-inputs/permalink.js";
import {exampleVersion, messageRunLabel, type MessageExample} from "../../../lib/message/examples.js";
import {
  readMessageLink,
  readPinnedMessage,
  writePinnedMessage,
  type MessageLinkState
} from "../../../lib/message/permalink.js";
import type {Finding as MessageFinding} from "../../../lib/message/finding.js";
import type {SourceSpan as MessageSourceSpan} from "../../../lib/message/source-span.js";
import {PermalinkNotices} from "../controls/control-panel.js";
import {element} from "../runtime/dom.js";
import {stopInnerInputs} from "../runtime/inner-inputs.js";
import {markWorking} from "../runtime/offscreen-redraws.js";
import {addressSearch} from "../links/page-address.js";
import {PinBar, type PinBarElement} from "../controls/pin-bar.js";
import {EditorLink} from "./editor-link.js";
import {ExampleMenu} from "./example-menu.js";
import {RequestTextBox} from "./request-text-box.js";
import {TranslateControl} from "./translate-control.js";
import {VersionSwitch, type VersionSwitchElement} from "./version-switch.js";

export interface RequestEditorOptions {
  /** Read the example and request from the page URL and write them back. */
  permalink?: boolean;
  /** Accessible name of the text box. */
  label?: string;
  /** Offer "Pin this run" (editor.pinBar): the pinned request stays while the text changes, and travels in the link as vs.example / vs.request. */
  pinnable?: boolean;
  /** The translation worker's script (the page's FileAttachment of bundles/message-translate.js); without it, translation runs on the page. */
  translateWorkerUrl?: string;
}

export type RequestEditorElement = HTMLElement & {
  /** The request text, exactly as the box holds it (with a linked request's CR line ends). */
  value: string;
  /** The example the text was chosen from (perhaps edited since). */
  readonly exampleId: string;
  /** Marks the findings' spans; ignored when `text` is no longer the editor's text (a newer edit is on its way). */
  mark(text: string, findings: readonly MessageFinding[]): void;
  /** Selects a span in the box, scrolls it into view and focuses it. */
  reveal(span: MessageSourceSpan): void;
  /** Loads an example, replacing the text, and notifies the page. */
  chooseExample(id: string): void;
  /** With `pinnable`: the bar to place where the comparison is read; its value is the pinned request or null. */
  pinBar: PinBarElement<MessageLinkState>;
  /** The A2A-Version header the request is sent with: its own input, shown in the editor. */
  versionInput: VersionSwitchElement;
};

let editorCount = 0;

export function RequestEditor(
  examples: readonly MessageExample[],
  options: RequestEditorOptions = {}
): RequestEditorElement {
  const {
    permalink = false,
    label = "Request text (JSON-RPC 2.0)",
    pinnable = false,
    translateWorkerUrl = null
  } = options;
  const id = `request-editor-${++editorCount}`;
  const reading = readEditorLink(examples[0]!, permalink, pinnable);
  let example = examples.find((candidate) => candidate.id === reading.exampleId) ?? examples[0]!;
  /** Edits and example choices so far: a translation applies only to the text it was asked for. */
  let edits = 0;
  const state = (): MessageLinkState => ({exampleId: example.id, requestText: root.value, version: versionInput.value});
  const updateLink = () => link?.update(state(), example.title);

  const versionInput = VersionSwitch(reading.version);
  const menu = ExampleMenu(examples, id, {
    choose: (exampleId) => root.chooseExample(exampleId),
    restore: () => root.chooseExample(example.id)
  });
  const textBox = RequestTextBox(id, {
    counted: () => edits++,
    edited: (text) => {
      root.value = text;
      changed();
    }
  });
  const translation = TranslateControl(translateWorkerUrl, {
    versionInput,
    edits: () => edits,
    working: (busy) => markWorking(root, busy),
    changed,
    versionSwitched: updateLink,
    replaceText: (text) => (root.value = textBox.put(text)),
    currentText: () => {
      textBox.check.flush();
      return root.value;
    }
  });
  const link = permalink ? EditorLink(() => pinBar.value) : null;
  const root = EditorLayout({
    id,
    label,
    notices: reading.notices,
    menu,
    versionInput,
    translation,
    textBox,
    link
  }) as RequestEditorElement;
  const pinBar = MessagePinBar(reading.pinned, state, examples[0]!, () => link?.schedule());

  function changed() {
    menu.show(example, root.value);
    updateLink();
    translation.textChanged(root.value);
    root.dispatchEvent(new Event("input", {bubbles: true}));
  }
  root.chooseExample = (exampleId: string) => {
    edits++;
    example = examples.find((candidate) => candidate.id === exampleId) ?? example;
    root.value = putExample(example, textBox, versionInput);
    changed();
  };
  markInTextBox(root, textBox);
  Object.defineProperty(root, "exampleId", {get: () => example.id});
  root.pinBar = pinBar;
  root.versionInput = versionInput;
  // The editor emits its own input events (and the version switch its own).
  stopInnerInputs(root);

  root.value = textBox.load(reading.requestText);
  menu.show(example, root.value);
  updateLink();
  link?.write();
  return root;
}

/**
 * Puts an example in the box under its version, scrolled to its start; a check of the old text still waiting for
 * a pause is dropped. Returns the request as the box holds it.
 */
function putExample(example: MessageExample, textBox: RequestTextBox, versionInput: VersionSwitchElement): string {
  textBox.check.cancel();
  versionInput.choose(exampleVersion(example));
  const requestText = textBox.put(example.requestText);
  textBox.scrollToStart();
  return requestText;
}

/** The editor's mark and reveal act in its text box, on the text the page last heard of. */
function markInTextBox(root: RequestEditorElement, textBox: RequestTextBox): void {
  root.mark = (text, findings) => {
    // root.value is the box's text as of its last check.
    if (text === root.value) textBox.mark(text, findings);
  };
  root.reveal = (span) => textBox.reveal(span, root.value);
}

const exampleState = (example: MessageExample): MessageLinkState => ({
  exampleId: example.id,
  requestText: example.requestText,
  version: exampleVersion(example)
});

/** The request the editor starts from: the link's (each bad parameter named) when it owns the link, otherwise the first example. */
function readEditorLink(
  first: MessageExample,
  permalink: boolean,
  pinnable: boolean
): MessageLinkState & {pinned: MessageLinkState | null; notices: PermalinkNotice[]} {
  const reading = permalink ? readMessageLink(addressSearch()) : {...exampleState(first), notices: []};
  const pinReading = permalink && pinnable ? readPinnedMessage(addressSearch()) : {pinned: null, notices: []};
  return {
    exampleId: reading.exampleId,
    requestText: reading.requestText,
    version: reading.version,
    pinned: pinReading.pinned,
    notices: [...reading.notices, ...pinReading.notices]
  };
}

interface EditorParts {
  id: string;
  label: string;
  notices: readonly PermalinkNotice[];
  menu: ExampleMenu;
  versionInput: VersionSwitchElement;
  translation: TranslateControl;
  textBox: RequestTextBox;
  link: EditorLink | null;
}

function EditorLayout({id, label, notices, menu, versionInput, translation, textBox, link}: EditorParts): HTMLElement {
  return element(
    "div",
    {class: "request-editor"},
    notices.length ? PermalinkNotices(notices) : null,
    menu.element,
    element("div", {class: "version-line"}, versionInput, translation.button),
    translation.report,
    // The box names itself by this label (aria-labelledby), plain or CodeMirror; a click on it focuses the box.
    element("label", {class: "request-editor-label", id: `${id}-label`, onclick: () => textBox.focus()}, label),
    textBox.elements,
    link?.element
  );
}

/** "Pin this run" for a request: the pinned request stays while the text changes, and travels in the link as vs.example / vs.request. */
function MessagePinBar(
  initial: MessageLinkState | null,
  current: () => MessageLinkState,
  firstExample: MessageExample,
  changed: () => void
): PinBarElement<MessageLinkState> {
  return PinBar<MessageLinkState>({
    initial,
    current,
    baseline: () => exampleState(firstExample),
    describe: (run) => {
      const omitted = writePinnedMessage(run).omittedReason;
      return {
        caption: messageRunLabel(run.exampleId, run.requestText, run.version).caption,
        linkNote: omitted === null ? null : `The link holds only the pinned example, not its edit: ${omitted}.`
      };
    },
    changed
  });
}
