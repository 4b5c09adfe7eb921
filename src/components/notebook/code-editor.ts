/**
 * The cells' code editor: CodeMirror 6 with JavaScript. This module is the chunk a page loads
 * when a reader first opens or runs a cell (cell-editor.ts), so CodeMirror costs a lesson
 * nothing until then.
 */
import {closeBrackets, closeBracketsKeymap} from "@codemirror/autocomplete";
import {defaultKeymap, history, historyKeymap, indentWithTab} from "@codemirror/commands";
import {javascript} from "@codemirror/lang-javascript";
import {bracketMatching, indentOnInput, syntaxHighlighting} from "@codemirror/language";
import {EditorState} from "@codemirror/state";
import {EditorView, keymap, lineNumbers} from "@codemirror/view";
import {classHighlighter} from "@lezer/highlight";

export interface CodeEditorOptions {
  doc: string;
  /** The editor's accessible name ("Cell code"). */
  label: string;
  onRun(): void;
  onChange(code: string): void;
  /** Where the caret starts (the textarea's, when the editor replaces one). */
  selection?: {anchor: number; head: number};
}

export interface CodeEditor {
  dom: HTMLElement;
  code(): string;
  focus(): void;
}

export function javascriptEditor(options: CodeEditorOptions): CodeEditor {
  const view = new EditorView({
    state: EditorState.create({
      doc: options.doc,
      selection: options.selection,
      extensions: [
        lineNumbers(),
        history(),
        closeBrackets(),
        bracketMatching(),
        indentOnInput(),
        javascript(),
        syntaxHighlighting(classHighlighter),
        // Shift+Enter runs the cell, as in a notebook; Tab indents (Escape then Tab leaves the editor).
        keymap.of([
          {key: "Shift-Enter", run: () => (options.onRun(), true)},
          ...closeBracketsKeymap,
          ...defaultKeymap,
          ...historyKeymap,
          indentWithTab
        ]),
        EditorView.contentAttributes.of({"aria-label": options.label}),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
        })
      ]
    })
  });
  return {dom: view.dom, code: () => view.state.doc.toString(), focus: () => view.focus()};
}
