/**
 * One headline number with its label, as every lesson's summary shows them;
 * `alert` colours the number when it is something to look at.
 */
import {html} from "htl";

export function SummaryFigure(value: number, label: string, alert = false): HTMLElement {
  return html`<div class=${`summary-figure${alert ? " figure-alert" : ""}`}><span class="figure-value">${value}</span><span class="figure-label">${label}</span></div>` as HTMLElement;
}
