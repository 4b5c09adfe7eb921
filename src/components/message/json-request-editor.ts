/**
 * Lesson 2's request box once CodeMirror 6 has loaded (request-text-box.ts loads this module on
 * demand, so it costs the page's first load nothing): JSON highlighting (lang-json), lib's
 * findings as lint diagnostics (drawn as marks on their spans, their message on hover or with
 * F8), and a paste or drop that would take the request over the size limit refused before
 * CodeMirror takes it. CodeMirror lays out only the lines in view, so a paste of 100,000 lines
 * costs what the screen shows, not what the text holds.
 */
import {defaultKeymap, history, historyKeymap} from "@codemirror/commands";
import {json} from "@codemirror/lang-json";
import {bracketMatching, syntaxHighlighting} from "@codemirror/language";
import {lintKeymap, setDiagnostics, type Diagnostic} from "@codemirror/lint";
import {EditorSelection, EditorState, type Extension} from "@codemirror/state";
import {EditorView, keymap, lineNumbers} from "@codemirror/view";
import {classHighlighter} from "@lezer/highlight";
import type {Severity as MessageFindingSeverity} from "../../../lib/message/finding.js";
import {
  dropAddsText,
  lengthAfterDrop,
  lengthAfterPaste,
  type BoxMark,
  type RequestBox,
  type RequestBoxOptions
} from "./request-box.js";
import type {BoxInsertion} from "./size-verdict.js";

export interface JsonRequestEditor extends RequestBox {
  dom: HTMLElement;
}

const LINT_SEVERITY: Record<MessageFindingSeverity, Diagnostic["severity"]> = {
  error: "error",
  warning: "warning",
  note: "info"
};

export function jsonRequestEditor(
  options: RequestBoxOptions & {doc: string; selection: {anchor: number; head: number}}
): JsonRequestEditor {
  const extensions = editorExtensions(options);
  const stateOf = (doc: string, selection = EditorSelection.single(0)) =>
    EditorState.create({doc, selection, extensions});
  const view = new EditorView({state: stateOf(options.doc, clampedSelection(options.selection, options.doc.length))});
  return {
    dom: view.dom,
    text: () => view.state.doc.toString(),
    // A new state, as a textarea's new value: the reader's undo history and the old marks go with the old text.
    put: (text) => view.setState(stateOf(text)),
    mark(marks) {
      view.dispatch(setDiagnostics(view.state, diagnostics(marks, view.state.doc.length)));
    },
    select(from, to) {
      const length = view.state.doc.length;
      const anchor = Math.min(from, length);
      // "nearest": the page itself moves only as far as it must to show the span.
      view.dispatch({
        selection: {anchor, head: Math.min(to, length)},
        effects: EditorView.scrollIntoView(anchor, {y: "nearest", x: "nearest", yMargin: 40})
      });
      view.focus();
    },
    scrollToStart() {
      // The box's own scroll only: CodeMirror's scrollIntoView would move the page as well.
      view.scrollDOM.scrollTop = view.scrollDOM.scrollLeft = 0;
    },
    focus: () => view.focus()
  };
}

function editorExtensions(options: RequestBoxOptions): Extension[] {
  return [
    lineNumbers(),
    history(),
    bracketMatching(),
    json(),
    syntaxHighlighting(classHighlighter),
    keymap.of([...defaultKeymap, ...historyKeymap, ...lintKeymap]),
    EditorView.contentAttributes.of({
      "aria-labelledby": options.labelledBy,
      "aria-describedby": options.describedBy,
      // Focusable by Tab in every reading (axe counts a scrolled region's focusable content by tabindex).
      tabindex: "0"
    }),
    sizeGuard(options.mayInsert),
    EditorView.updateListener.of((update) => {
      if (!update.docChanged) return;
      const wholeChange = update.transactions.some(
        (tr) => tr.isUserEvent("input.paste") || tr.isUserEvent("input.drop")
      );
      options.edited(wholeChange, update.state.doc.length);
    })
  ];
}

/**
 * Refuses a paste or a drop that would leave the box over the limit, before CodeMirror reads it
 * (reading megabytes into lines is what costs); a drag that moves text within the box is left alone.
 */
function sizeGuard(mayInsert: RequestBoxOptions["mayInsert"]): Extension {
  let draggingFromBox = false;
  const refuse = (event: Event, length: number | null, insertion: BoxInsertion) => {
    if (length === null || mayInsert(length, insertion)) return false;
    event.preventDefault();
    return true;
  };
  return EditorView.domEventHandlers({
    paste(event, view) {
      const {from, to} = view.state.selection.main;
      return refuse(event, lengthAfterPaste(view.state.doc.length, to - from, event.clipboardData), "paste");
    },
    drop(event, view) {
      const adds = dropAddsText(draggingFromBox, event);
      draggingFromBox = false;
      return adds && refuse(event, lengthAfterDrop(view.state.doc.length, event.dataTransfer), "drop");
    },
    dragstart: () => void (draggingFromBox = true),
    dragend: () => void (draggingFromBox = false)
  });
}

function diagnostics(marks: readonly BoxMark[], length: number): Diagnostic[] {
  return marks.map((mark) => {
    const from = Math.min(mark.from, length);
    const to = Math.min(Math.max(mark.to, from), length);
    return {from, to, severity: LINT_SEVERITY[mark.severity], message: mark.message};
  });
}

function clampedSelection({anchor, head}: {anchor: number; head: number}, length: number): EditorSelection {
  return EditorSelection.single(Math.min(anchor, length), Math.min(head, length));
}
