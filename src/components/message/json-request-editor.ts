/**
 * Lesson 2's request box once CodeMirror 6 has loaded (request-text-box.ts loads this module on
 * demand, so it costs the page's first load nothing): JSON highlighting (lang-json), lib's
 * findings as lint diagnostics (drawn as marks on their spans, their message on hover), and a
 * paste or drop that would take the request over the size limit refused before CodeMirror
 * takes it. CodeMirror lays out only the lines in view, so a paste of 100,000 lines costs what
 * the screen shows, not what the text holds.
 */
import {defaultKeymap, history, historyKeymap} from "@codemirror/commands";
import {json} from "@codemirror/lang-json";
import {bracketMatching, syntaxHighlighting} from "@codemirror/language";
import {setDiagnostics, type Diagnostic} from "@codemirror/lint";
import {Annotation, EditorState, type Transaction} from "@codemirror/state";
import {EditorView, keymap, lineNumbers} from "@codemirror/view";
import {classHighlighter} from "@lezer/highlight";
import type {Severity as MessageFindingSeverity} from "../../../lib/message/finding.js";

/** A finding placed in the box's text (its offsets are the box's, "\n" line ends). */
export interface BoxMark {
  from: number;
  to: number;
  severity: MessageFindingSeverity;
  message: string;
}

export interface JsonRequestEditorOptions {
  doc: string;
  selection: {anchor: number; head: number};
  /** The ids of the box's label and of the status line that describes it. */
  labelledBy: string;
  describedBy: string;
  /** Each edit the reader makes: `wholeChange` for a paste or a drop; `length` is the box's length after it. */
  edited(wholeChange: boolean, length: number): void;
  /** Decides whether a paste or drop that would leave the box `length` characters long goes in. */
  accepts(length: number): boolean;
}

export interface JsonRequestEditor {
  dom: HTMLElement;
  text(): string;
  length(): number;
  /** Replaces the whole text as the page (an example, a translation): not one of the reader's edits. */
  put(text: string): void;
  /** Marks these findings (earlier marks go). */
  mark(marks: readonly BoxMark[]): void;
  /** Selects [from, to), scrolls it into view and focuses the box. */
  select(from: number, to: number): void;
  scrollToStart(): void;
  focus(): void;
}

/** Transactions the page makes, which are not the reader's edits. */
const byPage = Annotation.define<boolean>();

const LINT_SEVERITY: Record<MessageFindingSeverity, Diagnostic["severity"]> = {
  error: "error",
  warning: "warning",
  note: "info"
};

export function jsonRequestEditor(options: JsonRequestEditorOptions): JsonRequestEditor {
  let draggingFromBox = false;
  const view = new EditorView({
    state: EditorState.create({
      doc: options.doc,
      selection: clampedSelection(options.selection, options.doc.length),
      extensions: [
        lineNumbers(),
        history(),
        bracketMatching(),
        json(),
        syntaxHighlighting(classHighlighter),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        EditorView.contentAttributes.of({
          "aria-labelledby": options.labelledBy,
          "aria-describedby": options.describedBy,
          "aria-multiline": "true",
          // Focusable by Tab in every reading (axe counts a scrolled region's focusable content by tabindex).
          tabindex: "0",
          spellcheck: "false",
          autocorrect: "off",
          autocapitalize: "off"
        }),
        EditorView.domEventHandlers({
          // Refused before CodeMirror reads it: an over-limit paste would cost the page its split into lines.
          paste: (event, view) =>
            refuse(event, view, event.clipboardData?.getData("text/plain") ?? "", options.accepts),
          drop: (event, view) =>
            !draggingFromBox && refuse(event, view, event.dataTransfer?.getData("text/plain") ?? "", options.accepts),
          dragstart: () => void (draggingFromBox = true),
          dragend: () => void (draggingFromBox = false)
        }),
        EditorView.updateListener.of((update) => {
          const edits = update.transactions.filter((tr) => tr.docChanged && !tr.annotation(byPage));
          if (edits.length === 0) return;
          options.edited(edits.some(isWholeChange), update.state.doc.length);
        })
      ]
    })
  });
  return {
    dom: view.dom,
    text: () => view.state.doc.toString(),
    length: () => view.state.doc.length,
    put(text) {
      view.dispatch({
        changes: {from: 0, to: view.state.doc.length, insert: text},
        selection: {anchor: 0},
        annotations: byPage.of(true)
      });
    },
    mark(marks) {
      view.dispatch(setDiagnostics(view.state, diagnostics(marks, view.state.doc.length)));
    },
    select(from, to) {
      const length = view.state.doc.length;
      const anchor = Math.min(from, length);
      view.dispatch({
        selection: {anchor, head: Math.min(to, length)},
        effects: EditorView.scrollIntoView(anchor, {y: "center", x: "center"})
      });
      view.focus();
      view.dom.scrollIntoView({block: "nearest"});
    },
    scrollToStart() {
      view.dispatch({effects: EditorView.scrollIntoView(0, {y: "start", x: "start"})});
    },
    focus: () => view.focus()
  };
}

const isWholeChange = (tr: Transaction) => tr.isUserEvent("input.paste") || tr.isUserEvent("input.drop");

/** Stops a paste or drop of `text` that the editor does not accept; true when it was stopped. */
function refuse(event: Event, view: EditorView, text: string, accepts: (length: number) => boolean): boolean {
  if (text === "") return false;
  const {from, to} = view.state.selection.main;
  // The box keeps line breaks as "\n": what it would hold, counted as it counts it.
  const length = view.state.doc.length - (to - from) + text.replace(/\r\n?/g, "\n").length;
  if (accepts(length)) return false;
  event.preventDefault();
  return true;
}

function diagnostics(marks: readonly BoxMark[], length: number): Diagnostic[] {
  return marks.map((mark) => {
    const from = Math.min(mark.from, length);
    return {
      from,
      to: Math.min(Math.max(mark.to, from), length),
      severity: LINT_SEVERITY[mark.severity],
      message: mark.message
    };
  });
}

function clampedSelection({anchor, head}: {anchor: number; head: number}, length: number) {
  return {anchor: Math.min(anchor, length), head: Math.min(head, length)};
}
