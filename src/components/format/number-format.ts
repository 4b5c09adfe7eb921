/**
 * Numbers as the pages and the chart layer's axes print them ("1,234.568": grouped, at most three
 * decimals), by d3-format: what toLocaleString("en-US") prints, without an Intl.NumberFormat call
 * per tick in the frame of every input.
 */
import {formatLocale} from "d3-format";

/**
 * A count's noun, singular for exactly 1 ("1 regression", "0 regressions", "2 regressions"):
 * `plural(1, "update")`, or with its plural given where it is not the singular plus "s"
 * (`plural(n, "retry", "retries")`). The count itself is not included.
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}

/** A count and its noun: `counted(1, "regression")` is "1 regression"; the count as formatNumber prints it. */
export function counted(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatNumber(count)} ${plural(count, singular, pluralForm)}`;
}

/** d3-format's grouped fixed-point with at most three decimals, its insignificant zeros trimmed, and an ASCII minus. */
const threeDecimals = formatLocale({
  decimal: ".",
  thousands: ",",
  grouping: [3],
  currency: ["$", ""],
  minus: "-"
}).format(",.3~f");

export function formatNumber(value: number): string {
  // Beyond 1e21 a lesson has no figures; d3 would print every digit, as toLocaleString does.
  return Number.isFinite(value) ? threeDecimals(value) : String(value);
}
