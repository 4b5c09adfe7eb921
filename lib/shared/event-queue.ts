/**
 * A binary min-heap: push and pop are O(log n), so a run with n updates is
 * processed in O(n log n) rather than by rescanning pending events. The
 * comparator must be a total order for runs to be reproducible.
 */
export class EventQueue<T> {
  private readonly items: T[] = [];
  private readonly before: (a: T, b: T) => boolean;

  /** `before(a, b)` is true when `a` must be processed before `b`. */
  constructor(before: (a: T, b: T) => boolean) {
    this.before = before;
  }

  get size(): number {
    return this.items.length;
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let child = items.length - 1;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      const parentItem = items[parent] as T;
      if (!this.before(item, parentItem)) break;
      items[child] = parentItem;
      child = parent;
    }
    items[child] = item;
  }

  /** Removes and returns the first item, or undefined when empty. */
  pop(): T | undefined {
    const items = this.items;
    const first = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return first;
    let parent = 0;
    const count = items.length;
    for (;;) {
      const left = 2 * parent + 1;
      if (left >= count) break;
      const right = left + 1;
      let child = left;
      if (right < count && this.before(items[right] as T, items[left] as T)) child = right;
      const childItem = items[child] as T;
      if (!this.before(childItem, last)) break;
      items[parent] = childItem;
      parent = child;
    }
    items[parent] = last;
    return first;
  }
}
