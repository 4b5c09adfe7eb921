/**
 * Lesson 2's request editor as the browser tests reach it: its box (CodeMirror's content, once
 * it has taken the plain textarea's place) and its text, read as the page reads it (the editor's
 * `value`), since CodeMirror lays out only the lines in view.
 */
import type {Page} from "playwright-core";

export const requestEditorBox = (page: Page) => page.locator(".request-editor .cm-content");

export const requestEditorText = (page: Page): Promise<string> =>
  page
    .locator(".request-editor")
    .first()
    .evaluate((editor) => (editor as HTMLElement & {value: string}).value);
