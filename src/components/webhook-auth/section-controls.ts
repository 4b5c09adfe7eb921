/**
 * Shows one group of the lesson's control panel inside the section it drives.
 * The panel keeps owning the values and the permalink (its controls report to
 * it whatever their place in the page); only the group's fieldset is moved.
 */
import {html} from "htl";

export function SectionControls(panel: HTMLElement, group: string): HTMLElement {
  for (const fieldset of panel.querySelectorAll("fieldset.control-group")) {
    if (fieldset.querySelector("legend")?.textContent?.trim() === group) {
      return html`<div class="control-panel section-controls">${fieldset}</div>` as HTMLElement;
    }
  }
  return html`<p>No controls named “${group}”.</p>` as HTMLElement;
}
