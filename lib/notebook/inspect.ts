/**
 * A cell's value that is not an element, shown as text: what a console would print, bounded so a
 * huge or circular value costs a few lines, never a hang.
 */
const MAX_DEPTH = 3;
const MAX_ITEMS = 50;
const MAX_STRING = 2_000;

export function inspectValue(value: unknown): string {
  return inspect(value, 0, new Set());
}

function inspect(value: unknown, depth: number, seen: Set<object>): string {
  if (typeof value === "string") return depth === 0 ? clip(value) : JSON.stringify(clip(value));
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "function") return `ƒ ${value.name || "(anonymous)"}()`;
  if (typeof value === "symbol") return value.toString();
  if (value === null || typeof value !== "object") return String(value);
  if (seen.has(value)) return "[circular]";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? `Array(${value.length})` : "{…}";
  seen.add(value);
  const shown = Array.isArray(value)
    ? inspectArray(value, depth, seen)
    : value instanceof Map || value instanceof Set
      ? inspectCollection(value, depth, seen)
      : inspectObject(value, depth, seen);
  seen.delete(value);
  return shown;
}

function inspectArray(items: readonly unknown[], depth: number, seen: Set<object>): string {
  const shown = items.slice(0, MAX_ITEMS).map((item) => inspect(item, depth + 1, seen));
  if (items.length > MAX_ITEMS) shown.push(`… ${items.length - MAX_ITEMS} more`);
  return `Array(${items.length}) [${joined(shown, depth)}]`;
}

/** A Map (d3.rollup gives one) as its entries, a Set as its values. */
function inspectCollection(collection: Map<unknown, unknown> | Set<unknown>, depth: number, seen: Set<object>): string {
  const shown: string[] = [];
  for (const entry of collection) {
    if (shown.length === MAX_ITEMS) {
      shown.push(`… ${collection.size - MAX_ITEMS} more`);
      break;
    }
    shown.push(
      collection instanceof Map
        ? `${inspect((entry as [unknown, unknown])[0], depth + 1, seen)} => ${inspect((entry as [unknown, unknown])[1], depth + 1, seen)}`
        : inspect(entry, depth + 1, seen)
    );
  }
  return `${collection instanceof Map ? "Map" : "Set"}(${collection.size}) {${joined(shown, depth)}}`;
}

function inspectObject(object: object, depth: number, seen: Set<object>): string {
  const keys = Object.keys(object);
  const shown = keys
    .slice(0, MAX_ITEMS)
    .map((key) => `${key}: ${inspect((object as Record<string, unknown>)[key], depth + 1, seen)}`);
  if (keys.length > MAX_ITEMS) shown.push(`… ${keys.length - MAX_ITEMS} more`);
  return `{${joined(shown, depth)}}`;
}

/** Short lists on one line, longer ones one item per line, indented by depth. */
function joined(items: string[], depth: number): string {
  const oneLine = items.join(", ");
  if (oneLine.length <= 72 && !oneLine.includes("\n")) return oneLine;
  const indent = "  ".repeat(depth + 1);
  return `\n${items.map((item) => indent + item).join(",\n")}\n${"  ".repeat(depth)}`;
}

const clip = (text: string): string =>
  text.length <= MAX_STRING ? text : `${text.slice(0, MAX_STRING)}… (${text.length} characters)`;
