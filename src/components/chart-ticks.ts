/**
 * Round tick values for a linear axis, by the rule of d3's ticks() (a step of 1, 2 or 5 times
 * a power of ten, about `count` of them), for charts drawn by hand rather than by Plot.
 */

/** Plot asks for one tick per 80 px of axis; the same keeps hand-drawn and Plot axes alike. */
export const PX_PER_TICK = 80;

export function linearTicks(start: number, end: number, count: number): number[] {
  if (!(end > start) || !(count > 0)) return [start];
  const {first, last, toValue} = tickRange(start, end, count);
  const ticks: number[] = [];
  for (let k = first; k <= last; k++) ticks.push(toValue(k));
  return ticks.length ? ticks : [start];
}

/** Ticks are whole multiples k of the step; each is computed from k alone, so no error adds up (0.1 + 0.2 never prints as 0.30000000000000004). */
function tickRange(start: number, end: number, count: number): {first: number; last: number; toValue: (k: number) => number} {
  const raw = (end - start) / count;
  const power = Math.floor(Math.log10(raw));
  const error = raw / 10 ** power;
  const factor = error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.sqrt(2) ? 2 : 1;
  // Below 1, divide by a whole number rather than multiply by a fraction that binary cannot hold.
  const toValue = power < 0 ? (k: number) => k / (10 ** -power / factor) : (k: number) => k * (10 ** power * factor);
  const toIndex = power < 0 ? (value: number) => value * (10 ** -power / factor) : (value: number) => value / (10 ** power * factor);
  let first = Math.round(toIndex(start));
  let last = Math.round(toIndex(end));
  if (toValue(first) < start) first++;
  if (toValue(last) > end) last--;
  // Fewer than two ticks asked for and none fit: ask for twice as many, as d3 does.
  if (last < first && count >= 0.5 && count < 2) return tickRange(start, end, count * 2);
  return {first, last, toValue};
}
