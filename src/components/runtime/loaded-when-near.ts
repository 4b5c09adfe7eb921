/**
 * A part of a page that loads when the reader comes near it (half a screen before it shows) or
 * asks for it, not with the page: the live labs, the pasted-webhook verifier, the receiver
 * check's report. Until then a short placeholder holds its place; a failed load says why and
 * offers to try again. What a reader never reaches costs the page nothing.
 */
import {element} from "./dom.js";
import {whenNear} from "./when-near.js";

export interface LoadedWhenNear<T> {
  /** The place on the page: the placeholder, then what `show` made of the loaded part. */
  element: HTMLElement;
  /** The loaded part, once the reader came near (a page cell awaits it). */
  loaded: Promise<T>;
}

export interface LoadedWhenNearOptions<T> {
  /** What it is, for the placeholder and its region ("The live lab"). */
  name: string;
  show(part: T): Node;
  /** What loaded is for the screen only (the reader's cells, the tables' controls), not for paper. */
  screenOnly?: boolean;
}

export function LoadedWhenNear<T>(load: () => Promise<T>, options: LoadedWhenNearOptions<T>): LoadedWhenNear<T> {
  const status = element("span", {class: "loaded-when-near-status", role: "status"});
  const button = element("button", {type: "button", onclick: () => start()}, `Load ${lowerFirst(options.name)} now`);
  const place = element(
    "div",
    // On paper a placeholder says nothing useful: the part it stands for is for the screen.
    {class: "loaded-when-near screen-only", role: "region", "aria-label": options.name},
    element("p", null, `${options.name} loads when you scroll to it.`),
    button,
    status
  );
  let resolve: (part: T) => void = () => {};
  const loaded = new Promise<T>((settle) => (resolve = settle));
  let loading = false;
  const start = () => {
    if (loading) return;
    loading = true;
    stopWatching();
    status.textContent = "Loading…";
    load().then(
      (part) => {
        place.replaceChildren(options.show(part));
        // What loaded names itself; the placeholder's region is gone with the placeholder.
        place.className = `loaded-when-near-done${options.screenOnly ? " screen-only" : ""}`;
        place.removeAttribute("role");
        place.removeAttribute("aria-label");
        resolve(part);
      },
      (reason: unknown) => {
        loading = false;
        status.textContent = `${options.name} could not load (${reason instanceof Error ? reason.message : String(reason)}). Try again with the button.`;
      }
    );
  };
  const stopWatching = whenNear(place, start);
  return {element: place, loaded};
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
