/**
 * Numbers as toLocaleString("en-US") prints them ("1,234.568": grouped, at most three decimals),
 * and as Plot labels its axes, for charts drawn by hand: their tick labels match Plot's, without
 * an Intl.NumberFormat call per tick in the frame of every input.
 */
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

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  // toFixed rounds in decimal, with no Intl; the zeros it pads with are dropped.
  const [whole, fraction] = Math.abs(value).toFixed(3).replace(/\.?0+$/, "").split(".") as [string, string | undefined];
  // Beyond 1e21 toFixed is exponential; toLocaleString would print every digit. Not a lesson's range.
  if (whole.includes("e")) return String(value);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  // A negative number keeps its sign when it rounds to 0, as toLocaleString does ("-0").
  return `${value < 0 || Object.is(value, -0) ? "-" : ""}${grouped}${fraction === undefined ? "" : `.${fraction}`}`;
}
