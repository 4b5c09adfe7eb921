/**
 * "Copy as script": the current run as a TypeScript file that reproduces it with lib in Node
 * (lib/<lesson>/run-script.ts writes it). The button puts it on the clipboard; when the browser
 * refuses, the script is shown in a box to copy by hand.
 */
import {element} from "../runtime/dom.js";

export function CopyAsScript(script: () => string, lesson: string): HTMLElement {
  const status = element("span", {class: "copy-script-status", role: "status"});
  const fallback = element("textarea", {
    class: "copy-script-text",
    readonly: true,
    hidden: true,
    rows: 12,
    "aria-label": `The script of this ${lesson} run`
  });
  const copy = () => {
    const text = script();
    fallback.value = text;
    const copied = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error("no clipboard"));
    copied.then(
      () => {
        fallback.hidden = true;
        status.textContent = "Copied. Save it at the root of an a2a-workbench checkout and run: npx tsx <file>.ts";
      },
      () => {
        fallback.hidden = false;
        status.textContent = "The browser refused the clipboard: the script is below to copy.";
      }
    );
  };
  return element(
    "div",
    {class: "copy-script screen-only"},
    element(
      "button",
      {
        type: "button",
        onclick: copy,
        "aria-label": `Copy as script: this ${lesson} run, as a TypeScript file for Node`
      },
      "Copy as script"
    ),
    status,
    fallback
  );
}
