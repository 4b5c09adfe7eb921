/**
 * What reached the reader's receiver, for one attempt: the request as it arrived (credentials
 * masked by the receiver, the body's first 4 KB) and a curl command that sends it again, with a
 * button that copies it. Folded by default. Shown with bidi and control characters as ⟨U+XXXX⟩;
 * the copy is the command as written (a credential is never in it: the receiver never kept one).
 */
import {requestAsCurl, requestText, type LiveAttempt} from "../../../lib/live/index.js";
import {toVisible} from "../../../lib/text/visible-text.js";
import {element} from "../runtime/dom.js";

/**
 * The requests the reader has folded out, by run and attempt number. A live view is redrawn with
 * every new attempt and morphed by position (newest first, so positions move): each drawing says
 * for itself whether its request is open, rather than the open one moving to another attempt or
 * closing under the reader.
 */
const unfolded = new Set<string>();
const UNFOLDED_KEPT = 200;

export function LiveRequest(attempt: LiveAttempt, hookUrl: string): HTMLElement {
  const key = `${attempt.run}/${attempt.number}`;
  const toggled = (event: Event) => {
    if ((event.currentTarget as HTMLDetailsElement).open) unfolded.add(key);
    else unfolded.delete(key);
    if (unfolded.size > UNFOLDED_KEPT) unfolded.delete(unfolded.values().next().value!);
  };
  const curl = requestAsCurl(attempt, hookUrl);
  const status = element("span", {class: "live-copy-status", role: "status"});
  // The status shown is found from the button pressed: a ViewSlot redraw morphs this drawing into the one on the page, keeping that one's nodes.
  const copy = async (button: Element) => {
    const shown = button.closest(".live-request")?.querySelector(".live-copy-status") ?? status;
    try {
      await navigator.clipboard.writeText(curl);
      shown.textContent = "Copied.";
    } catch {
      shown.textContent = "This browser did not allow copying: select the command below.";
    }
  };
  return element(
    "details",
    {class: "live-request", open: unfolded.has(key), ontoggle: toggled},
    element("summary", null, `What arrived (${attempt.method} ${toVisible(attempt.path)}, ${attempt.bodyBytes} bytes)`),
    element(
      "pre",
      {
        class: "live-request-text",
        tabindex: 0,
        role: "region",
        "aria-label": `Request #${attempt.number} as it arrived`
      },
      toVisible(requestText(attempt), {keep: "\n"})
    ),
    element(
      "p",
      {class: "live-request-actions"},
      element(
        "button",
        {type: "button", onclick: (event: Event) => void copy(event.currentTarget as Element)},
        "Copy as curl"
      ),
      " ",
      status
    ),
    element(
      "pre",
      {
        class: "live-request-curl",
        tabindex: 0,
        role: "region",
        "aria-label": `Request #${attempt.number} as a curl command`
      },
      toVisible(curl, {keep: "\n"})
    )
  );
}
