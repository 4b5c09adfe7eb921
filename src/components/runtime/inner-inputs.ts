/**
 * A custom input built of inner controls (the control panel, the request editor) emits its own
 * `input` once a value is accepted; its controls' own events are implementation details.
 */

/** Stops `input` events from inside `root` at `root`: registered before view() listens, so it can stop them there. */
export function stopInnerInputs(root: HTMLElement): void {
  root.addEventListener("input", (event) => {
    if (event.target !== root) event.stopImmediatePropagation();
  });
}
