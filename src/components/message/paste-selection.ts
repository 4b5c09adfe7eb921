/**
 * Issue #23: after Select All (Ctrl+A, or the menu's), Chromium's paste into the editor took
 * time growing with the square of the pasted lines and with the page around the textarea:
 * 10,000 lines 3.1 s, 30,000 lines 27.9 s on the lesson page, against 0.2 s for the same paste
 * into a bare textarea, or into the editor after `textarea.select()`. Nothing in the page's CSS
 * matters (the lesson without its stylesheets was as slow); what differs is the selection: a
 * Select All selection, not the text offsets the textarea's own API sets. So just before the
 * browser pastes, the same range is set again through that API, and the browser's paste,
 * undo included, does the rest (30,000 lines: 0.4 s again).
 */
export function pasteFromOffsets(textarea: HTMLTextAreaElement): void {
  textarea.addEventListener("paste", () => {
    const {selectionStart, selectionEnd, selectionDirection} = textarea;
    // Setting an unchanged range may be skipped: move it away first, then back.
    textarea.setSelectionRange(0, 0);
    textarea.setSelectionRange(selectionStart, selectionEnd, selectionDirection ?? undefined);
  });
}
