/** "75 h 35 min 5 s", "1 h 0 min 50 s": durations in the reader's units. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "forever";
  const sign = seconds < 0 ? "−" : "";
  let rest = Math.round(Math.abs(seconds));
  if (rest === 0) return "0 s";
  const parts: string[] = [];
  for (const [unit, size] of [
    ["d", 86400],
    ["h", 3600],
    ["min", 60],
    ["s", 1]
  ] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)} ${unit}`);
      rest %= size;
    }
  }
  // "1 h 50 s" reads as 1 h 50 min at a glance: a zero minute between hours and seconds is written.
  const hours = parts.findIndex((part) => part.endsWith(" h"));
  if (hours >= 0 && parts[hours + 1]?.endsWith(" s")) parts.splice(hours + 1, 0, "0 min");
  return sign + parts.join(" ");
}
