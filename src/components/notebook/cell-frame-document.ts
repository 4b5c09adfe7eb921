/**
 * The document of a cell's frame. The frame is sandboxed to scripts only (an opaque origin: no
 * cookies, storage, top navigation, popups, forms or downloads), and its policy lets it load one
 * script, the course's own frame script, and nothing from any network: a cell's fetch, image or
 * stylesheet from elsewhere is refused. 'unsafe-eval' is what runs the reader's code at all.
 */
export const CELL_FRAME_SANDBOX = "allow-scripts";

export function cellFrameDocument(scriptHref: string, baseUri: string): string {
  const script = new URL(scriptHref, baseUri);
  const policy = [
    "default-src 'none'",
    `script-src ${scriptSource(script)} 'unsafe-eval'`,
    // Plot styles its charts with a <style> element and style attributes.
    "style-src 'unsafe-inline'",
    // A chart may hold an image it drew itself; nothing is fetched for it.
    "img-src data:",
    "base-uri 'none'",
    "form-action 'none'"
  ].join("; ");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${attribute(policy)}">
<meta name="color-scheme" content="light dark">
<style>${FRAME_STYLE}</style>
</head><body><main id="output"></main>
<script src="${attribute(script.href)}"></script>
</body></html>`;
}

/** The script's URL as a CSP source: without its query (a source has none), or its origin when the path holds what a policy cannot. */
function scriptSource(script: URL): string {
  const path = `${script.origin}${script.pathname}`;
  return /^[\w:/.~%@!$&()*+=-]+$/.test(path) && script.origin !== "null" ? path : "'self'";
}

function attribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const FRAME_STYLE = `
:root { color-scheme: light dark; font: 14px/1.45 system-ui, sans-serif; }
body { margin: 0; padding: 4px 2px; overflow-wrap: anywhere; }
body { background: transparent; color: #1b1e23; }
@media (prefers-color-scheme: dark) { body { color: #e6e6e6; } }
pre { margin: 0; font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre-wrap; }
.cell-error { margin: 0; color: #c0262d; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; white-space: pre-wrap; }
@media (prefers-color-scheme: dark) { .cell-error { color: #ff8a80; } }
svg { max-width: 100%; height: auto; }
`;
