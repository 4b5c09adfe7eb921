/**
 * The request editor: a menu of examples and a plain <textarea> for the JSON-RPC
 * request text, over a mirror that marks the findings' spans in place. A custom
 * input: `value` is the request text, and every edit or example choice
 * dispatches `input`, so a page writes `const requestText = view(editor)` and
 * then, once it has the transaction, `editor.mark(requestText, findings)`.
 *
 * The textarea shows its own text (the mirror's text is transparent and only
 * its <mark> backgrounds show), so typing, pasting, selection, undo, scrolling
 * and the keyboard behave as in any textarea, and text past the mirror's limit
 * stays readable. The mirror is a <pre> in the same font, size, line height and
 * padding, moved with the textarea's scroll position; its text is set as text,
 * never as HTML. It holds only the marked lines (./mirror.ts), so a keystroke costs
 * what it changed, not the length of the request: on each one the editor rewrites
 * only what differs (the mirror's changed windows, a status line, the link's note).
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
 * it, and gets no per-character work: no mirror, no marks, and the page hears of a keystroke
 * in it only once typing pauses (the lab refuses it unparsed whatever was typed). A paste that
 * would go over the limit is named before it is inserted (./over-limit-paste.ts).
 */
import {element} from "../dom.js";
import {exceedsRequestLimit} from "../../../lib/message/request-size.js";
import {markWorking} from "../offscreen-redraws.js";
import {joinQuery} from "../../../lib/lesson-inputs/permalink.js";
import {
  exampleVersion, messageRunLabel, readMessageLink, readPinnedMessage, writeMessageLink, writePinnedMessage,
  type MessageExample, type MessageFinding, type MessageLinkState, type MessageSourceSpan
} from "../../../lib/message/index.js";
import type {MessageVersion} from "../../../lib/shared/message-version.js";
import {copyLink, PermalinkNotices} from "../control-panel.js";
import {PinBar, type PinBarElement} from "../pin-bar.js";
import {MARK_LINE_LIMIT, MIRROR_CHARACTER_LIMIT, highlightSegments, type Highlight} from "./highlight.js";
import {Mirror} from "./mirror.js";
import {takeOverLimitPastes} from "./over-limit-paste.js";
import {pasteFromOffsets} from "./paste-selection.js";
import {overLimitByLength, overLimitWords} from "./size-verdict.js";
import {boxOffset, lineEndsNote, lineEndsOf, withLineEnds, type LineEnds} from "../../../lib/message/line-ends.js";
import {TranslationPending, TranslationReport} from "./translation.js";
import {TranslationRunner} from "./translation-runner.js";
import {VersionSwitch, type VersionSwitchElement} from "./version-switch.js";
import {addressSearch, replaceAddressSearch} from "../page-address.js";

export interface RequestEditorOptions {
  /** Read the example and request from the page URL and write them back. */
  permalink?: boolean;
  /** Accessible name of the text area. */
  label?: string;
  /** Offer "Pin this run" (editor.pinBar): the pinned request stays while the text changes, and travels in the link as vs.example / vs.request. */
  pinnable?: boolean;
  /** The translation worker's script (the page's FileAttachment of bundles/message-translate.js); without it, translation runs on the page. */
  translateWorkerUrl?: string;
}

export type RequestEditorElement = HTMLElement & {
  /** The request text, exactly as the textarea holds it. */
  value: string;
  /** The example the text was chosen from (perhaps edited since). */
  readonly exampleId: string;
  /** Marks the findings' spans; ignored when `text` is no longer the editor's text (a newer edit is on its way). */
  mark(text: string, findings: readonly MessageFinding[]): void;
  /** Selects a span in the textarea, scrolls it into view and focuses it. */
  reveal(span: MessageSourceSpan): void;
  /** Loads an example, replacing the text, and notifies the page. */
  chooseExample(id: string): void;
  /** With `pinnable`: the bar to place where the comparison is read; its value is the pinned request or null. */
  pinBar: PinBarElement<MessageLinkState>;
  /** The A2A-Version header the request is sent with: its own input, shown in the editor. */
  versionInput: VersionSwitchElement;
};

const VERSION_GROUPS: readonly {version: MessageVersion; label: string}[] = [
  {version: "0.3", label: "A2A v0.3.0 (message/send)"},
  {version: "1.0", label: "A2A 1.0 (SendMessage)"}
];
const otherVersion = (version: MessageVersion): MessageVersion => (version === "0.3" ? "1.0" : "0.3");

const URL_WRITE_DELAY_MS = 150;
const NO_MARKS: Highlight = {segments: [], shownLength: 0, unmarkedFindings: 0};
const STATUS_MESSAGE_LENGTH = 240;
let editorCount = 0;

/**
 * Past this many characters a keystroke is checked once typing pauses: running six stages over
 * a megabyte costs tens of milliseconds, and typing must stay as quick as in a plain text box.
 * Until then the marks (which may no longer sit on their characters) are hidden and the status
 * says the check is pending. A paste or a smaller text is checked at once.
 */
const LARGE_REQUEST_CHARACTERS = 64 * 1024;
const LARGE_REQUEST_PAUSE_MS = 200;

export function RequestEditor(examples: readonly MessageExample[], options: RequestEditorOptions = {}): RequestEditorElement {
  const {permalink = false, label = "Request text (JSON-RPC 2.0)", pinnable = false, translateWorkerUrl = null} = options;
  const translator = TranslationRunner(translateWorkerUrl);
  const id = `request-editor-${++editorCount}`;
  const reading = permalink ? readMessageLink(addressSearch()) : {exampleId: examples[0]!.id, requestText: examples[0]!.requestText, version: exampleVersion(examples[0]!), notices: []};
  const pinReading = permalink && pinnable ? readPinnedMessage(addressSearch()) : {pinned: null, notices: []};
  let example = examples.find((candidate) => candidate.id === reading.exampleId) ?? examples[0]!;

  const versionInput = VersionSwitch(reading.version);
  const optionOf = (candidate: MessageExample) => element("option", {value: candidate.id}, candidate.title);
  const groups = VERSION_GROUPS.map(({version, label}) => ({label, members: examples.filter((candidate) => exampleVersion(candidate) === version)})).filter((group) => group.members.length > 0);
  const select = element("select", {id: `${id}-example`}, groups.length > 1 ? groups.map((group) => element("optgroup", {label: group.label}, group.members.map(optionOf))) : examples.map(optionOf));
  const translateButton = element("button", {type: "button", class: "translate-request"});
  const translation = element("div", {class: "translation-area"});
  /** The text a translation put in the editor: its report stays while the text is that. */
  let translatedText: string | null = null;
  /** True while a translation switches the version itself (its report stays). */
  let translating = false;
  const summary = element("span", {class: "example-summary"});
  const edited = element("span", {class: "example-edited"}, "Edited.");
  const restore = element("button", {type: "button", class: "example-restore"}, "Restore the example");
  const textarea = element("textarea", {
    id, class: "request-editor-text", wrap: "off", spellcheck: "false", autocomplete: "off", autocapitalize: "off", "aria-describedby": `${id}-status`
  });
  const mirrorText = element("pre", {class: "request-editor-mirror-text"});
  const mirror = Mirror(mirrorText);
  const statusText = element("span");
  // Shown while a large request waits for the pause: beside the last check's words, so the line does not jump.
  const pendingNote = element("span", {class: "request-editor-pending", hidden: true}, " Checked before your last keystrokes; a large request is checked again once you pause typing.");
  const status = element("p", {class: "request-editor-status", id: `${id}-status`}, statusText, pendingNote);
  // A linked request with CR line ends: the box cannot show them, so the editor says what it checks.
  const lineEndsLine = element("p", {class: "request-editor-line-ends", hidden: true});
  let lineEnds: LineEnds = "lf";
  const linkScope = element("span", {class: "link-scope"});
  const copyStatus = element("span", {class: "copy-link-status", role: "status"});
  const copyButton = element("button", {type: "button", class: "copy-link"}, "Copy link");

  const root = element(
    "div",
    {class: "request-editor"},
    reading.notices.length + pinReading.notices.length ? PermalinkNotices([...reading.notices, ...pinReading.notices]) : null,
    element(
      "div",
      {class: "example-menu"},
      element("label", {for: `${id}-example`}, "Example"),
      select,
      element("p", {class: "example-line"}, summary, " ", edited, " ", restore)
    ),
    element("div", {class: "version-line"}, versionInput, translateButton),
    translation,
    element("label", {class: "request-editor-label", for: id}, label),
    element("div", {class: "request-editor-frame"}, element("div", {class: "request-editor-mirror", "aria-hidden": "true"}, mirrorText), textarea),
    status,
    lineEndsLine,
    permalink ? element("div", {class: "control-actions"}, copyButton, copyStatus, linkScope) : null
  ) as unknown as RequestEditorElement;

  const pinBar = PinBar<MessageLinkState>({
    initial: pinReading.pinned,
    current: () => ({exampleId: example.id, requestText: root.value, version: versionInput.value}),
    baseline: () => ({exampleId: examples[0]!.id, requestText: examples[0]!.requestText, version: exampleVersion(examples[0]!)}),
    describe: (run) => {
      const omitted = writePinnedMessage(run).omittedReason;
      return {caption: messageRunLabel(run.exampleId, run.requestText, run.version).caption, linkNote: omitted === null ? null : `The link holds only the pinned example, not its edit: ${omitted}.`};
    },
    changed: () => {
      if (permalink) scheduleUrlWrite();
    }
  });

  let urlTimer: ReturnType<typeof setTimeout> | null = null;
  /** A large request's check, waiting for typing to pause. */
  let pendingCheck: ReturnType<typeof setTimeout> | null = null;
  let linkSearch = "";
  let charWidthPx: number | null = null;
  let mirrorTransform = "";

  copyButton.addEventListener("click", () => {
    if (urlTimer !== null) writeUrl();
    void copyLink(copyStatus);
  });

  function writeUrl() {
    if (urlTimer !== null) clearTimeout(urlTimer);
    urlTimer = null;
    // The guided lesson's step is not the editor's: it stays as the tour wrote it.
    replaceAddressSearch(joinQuery(addressSearch(), linkSearch, writePinnedMessage(pinBar.value).parameters));
  }

  /** Says at once what the link holds; writes the URL once typing settles (browsers throttle replaceState). */
  function updateLink() {
    if (!permalink) return;
    const link = writeMessageLink({exampleId: example.id, requestText: root.value, version: versionInput.value});
    linkSearch = link.search;
    const version = versionInput.value === "0.3" ? "" : `, sent with A2A-Version ${versionInput.value}`;
    setText(
      linkScope,
      link.carriesRequest
        ? `The link holds this example and your edited request${version}.`
        : link.omittedReason !== null
          ? `The link holds only the example (“${example.title}”)${version}: ${link.omittedReason}.`
          : `The link holds this example${version}.`
    );
    scheduleUrlWrite();
  }

  /** Browsers throttle replaceState: the URL is written once the text or the pin settles. */
  function scheduleUrlWrite() {
    if (urlTimer !== null) clearTimeout(urlTimer);
    urlTimer = setTimeout(writeUrl, URL_WRITE_DELAY_MS);
  }

  function showExample() {
    if (select.value !== example.id) select.value = example.id;
    setText(summary, example.summary);
    const isEdited = root.value !== example.requestText;
    if (edited.hidden === isEdited) edited.hidden = restore.hidden = !isEdited;
  }

  function changed() {
    showExample();
    updateLink();
    if (translatedText !== null && root.value !== translatedText) {
      translatedText = null;
      translation.replaceChildren();
    }
    root.dispatchEvent(new Event("input", {bubbles: true}));
  }

  function showVersion() {
    setText(translateButton, `Translate to ${otherVersion(versionInput.value)}`);
  }

  /** Edits and example choices so far: a translation applies only to the text it was asked for. */
  let edits = 0;

  /** Replaces the text with the request written for the other version (off the main thread), and sends it with that version. */
  async function translate() {
    // The text as the textarea holds it now, even where a large request's check waits for a pause.
    if (pendingCheck !== null) {
      clearTimeout(pendingCheck);
      checkNow();
    }
    const from = versionInput.value;
    const to = otherVersion(from);
    const asked = edits;
    translateButton.disabled = true;
    translation.replaceChildren(TranslationPending(from, to));
    markWorking(root, true);
    const result = await translator.translate(root.value, from, to);
    translateButton.disabled = false;
    markWorking(root, false);
    // The reader edited, chose an example or switched the version meanwhile: the answer is for a text no longer there.
    if (edits !== asked || versionInput.value !== from) return void translation.replaceChildren();
    translation.replaceChildren(TranslationReport(result));
    if (!result.ok) return;
    textarea.value = result.text;
    setLineEnds("lf");
    root.value = textarea.value;
    translatedText = root.value;
    translating = true;
    versionInput.choose(result.to);
    translating = false;
    changed();
  }

  function syncScroll() {
    const transform = `translate(${-textarea.scrollLeft}px, ${-textarea.scrollTop}px)`;
    if (transform === mirrorTransform) return;
    mirrorTransform = transform;
    mirrorText.style.transform = transform;
  }

  root.chooseExample = (exampleId: string) => {
    edits++;
    if (pendingCheck !== null) clearTimeout(pendingCheck);
    pendingCheck = null;
    example = examples.find((candidate) => candidate.id === exampleId) ?? example;
    versionInput.choose(exampleVersion(example));
    textarea.value = example.requestText;
    setLineEnds("lf");
    root.value = textarea.value;
    textarea.scrollTop = textarea.scrollLeft = 0;
    syncScroll();
    changed();
  };

  root.mark = (text: string, findings: readonly MessageFinding[]) => {
    // root.value is the textarea's text as of its last input event (reading textarea.value copies it).
    if (text !== root.value) return;
    mirrorText.classList.remove("mirror-stale");
    pendingNote.hidden = true;
    // Over the limit: no marks (the lab did not parse it), and no work on its characters.
    if (overLimitByLength(text.length) || exceedsRequestLimit(text)) return showOverLimit(text.length);
    // The mirror lies over the box, whose line ends are "\n": marks move to the box's offsets.
    const shown = lineEnds === "lf" ? {text, findings} : inBoxCoordinates(text, findings);
    const highlight = highlightSegments(shown.text, shown.findings);
    mirror.show(shown.text, highlight);
    setText(statusText, describeMarks(text, findings, highlight));
    syncScroll();
  };

  /** Names the limit and empties the mirror: what the text holds is not looked at. */
  function showOverLimit(length: number) {
    mirror.show("", NO_MARKS);
    setText(statusText, overLimitWords(length));
    pendingNote.hidden = true;
  }

  root.reveal = (span: MessageSourceSpan) => {
    textarea.focus({preventScroll: true});
    textarea.setSelectionRange(boxOffset(root.value, span.from), boxOffset(root.value, span.to));
    const lineHeightPx = parseFloat(getComputedStyle(textarea).lineHeight) || 20;
    charWidthPx ??= measureCharWidth(mirrorText);
    textarea.scrollTop = Math.max(0, (span.line - 1) * lineHeightPx - textarea.clientHeight / 3);
    textarea.scrollLeft = Math.max(0, (span.column - 1) * charWidthPx - textarea.clientWidth / 3);
    syncScroll();
    textarea.scrollIntoView({block: "nearest"});
  };

  Object.defineProperty(root, "exampleId", {get: () => example.id});

  root.pinBar = pinBar;
  root.versionInput = versionInput;
  versionInput.addEventListener("input", () => {
    showVersion();
    // A report that says which version the text is sent with is stale once the reader switches by hand.
    if (translating) return;
    translatedText = null;
    translation.replaceChildren();
    updateLink();
  });
  translateButton.addEventListener("click", () => void translate());

  select.addEventListener("change", () => root.chooseExample(select.value));
  restore.addEventListener("click", () => root.chooseExample(example.id));
  const checkNow = () => {
    pendingCheck = null;
    // A lone CR cannot survive an edit in a text box: from the first edit the box's text is the request.
    if (lineEnds === "mixed") setLineEnds("lf");
    root.value = withLineEnds(textarea.value, lineEnds);
    changed();
  };

  function setLineEnds(ends: LineEnds, text = "") {
    lineEnds = ends;
    const note = lineEndsNote(text, ends);
    lineEndsLine.hidden = note === null;
    setText(lineEndsLine, note ?? "");
  }
  textarea.addEventListener("input", (event) => {
    edits++;
    if (pendingCheck !== null) clearTimeout(pendingCheck);
    // A paste (or a drop) is one deliberate change, checked at once whatever its size.
    const wholeChange = event instanceof InputEvent && /^insertFrom/.test(event.inputType);
    // Its length alone proves a text over the limit: say so now, and let the page hear of it at once
    // only for a paste (its verdict, -32000, does not change as the reader types on).
    const length = textarea.textLength;
    if (overLimitByLength(length)) {
      showOverLimit(length);
      if (wholeChange) return checkNow();
      pendingCheck = setTimeout(checkNow, LARGE_REQUEST_PAUSE_MS);
      return;
    }
    if (wholeChange || length <= LARGE_REQUEST_CHARACTERS) return checkNow();
    mirrorText.classList.add("mirror-stale");
    pendingNote.hidden = false;
    pendingCheck = setTimeout(checkNow, LARGE_REQUEST_PAUSE_MS);
  });
  textarea.addEventListener("scroll", syncScroll, {passive: true});
  pasteFromOffsets(textarea);
  takeOverLimitPastes(textarea, {named: showOverLimit});
  // Inner controls' events are implementation details: the editor emits its own (and the version switch its own).
  // Registered before view() listens, so it can stop them there.
  root.addEventListener("input", (event) => {
    if (event.target !== root) event.stopImmediatePropagation();
  });

  textarea.value = reading.requestText;
  // The textarea normalises line breaks to "\n"; the request is still the linked text, exactly.
  setLineEnds(lineEndsOf(reading.requestText), reading.requestText);
  root.value = reading.requestText;
  showExample();
  showVersion();
  updateLink();
  if (permalink) writeUrl();
  return root;
}

/** Rewrites an element's text only when it differs: an unchanged write still costs a layout. */
function setText(target: HTMLElement, text: string): void {
  if (target.textContent !== text) target.textContent = text;
}

/** The editor's description for assistive technology: what is marked, and where the first error is. */
function describeMarks(text: string, findings: readonly MessageFinding[], highlight: Highlight): string {
  const counts = {error: 0, warning: 0, note: 0};
  for (const finding of findings) if (finding.span) counts[finding.severity]++;
  const size = `${text.length.toLocaleString("en-US")} characters.`;
  if (counts.error + counts.warning + counts.note === 0) return `${size} Nothing is marked.`;
  const parts = (["error", "warning", "note"] as const).filter((severity) => counts[severity] > 0).map((severity) => `${counts[severity]} ${severity}${counts[severity] === 1 ? "" : "s"}`);
  const first = findings.find((finding) => finding.severity === "error" && finding.span) ?? findings.find((finding) => finding.span);
  const message = first ? (first.message.length > STATUS_MESSAGE_LENGTH ? `${first.message.slice(0, STATUS_MESSAGE_LENGTH)}…` : first.message) : "";
  const where = first?.span ? ` First at line ${first.span.line}, column ${first.span.column}: ${message}` : "";
  const beyond = highlight.unmarkedFindings > 0
    ? ` ${highlight.unmarkedFindings} of them lie past the first ${MIRROR_CHARACTER_LIMIT.toLocaleString("en-US")} characters and are not marked in place; the findings list gives their line and column.`
    : "";
  const cut = highlight.cutMarks ? ` ${highlight.cutMarks === 1 ? "A mark that runs" : `${highlight.cutMarks} marks that run`} over more than ${MARK_LINE_LIMIT} lines ${highlight.cutMarks === 1 ? "is" : "are"} drawn over the first ${MARK_LINE_LIMIT}.` : "";
  return `${size} Marked: ${parts.join(", ")}.${where}${beyond}${cut}`;
}

/** The monospace advance width, measured once in the mirror's own font. */
function measureCharWidth(mirrorText: HTMLElement): number {
  const probe = document.createElement("span");
  probe.textContent = "0".repeat(20);
  mirrorText.append(probe);
  const width = probe.getBoundingClientRect().width / 20;
  probe.remove();
  return width || 8;
}

/** The text as the box holds it ("\n" line ends) and the findings at its offsets. */
function inBoxCoordinates(text: string, findings: readonly MessageFinding[]): {text: string; findings: MessageFinding[]} {
  const at = (offset: number) => boxOffset(text, offset);
  return {
    text: text.replace(/\r\n?/g, "\n"),
    findings: findings.map((finding) => (finding.span ? {...finding, span: {...finding.span, from: at(finding.span.from), to: at(finding.span.to)}} : finding))
  };
}
