/**
 * The receiver's record of event keys it has already accepted: an
 * insert-if-absent operation made *before* the side effect, with a retention
 * period. Time is always passed in. The store is an immutable value: every
 * operation returns the next store, so a page can keep each step.
 *
 * Rule of thumb (see retry-horizon.ts): the retention must outlast the
 * sender's whole retry horizon plus the signature tolerance, otherwise a late
 * retry or a replay finds the record expired and is applied again.
 */

/** 4 days: covers the Standard Webhooks example schedule (75 h 35 min 5 s) plus the 5-minute tolerance. */
export const DEFAULT_DEDUP_RETENTION_SECONDS = 4 * 24 * 60 * 60;
/** Standard Webhooks spec's example ("save the IDs in redis for 5 minutes"): only as long as the timestamp window. */
export const SPEC_EXAMPLE_RETENTION_SECONDS = 5 * 60;

export interface DedupRecord {
  key: string;
  recordedAtSeconds: number;
  /** The record is live while now < expiresAtSeconds. */
  expiresAtSeconds: number;
}

export interface DedupStore {
  readonly retentionSeconds: number;
  readonly records: ReadonlyMap<string, DedupRecord>;
  /**
   * Changed in place by every operation, which then returns it: for a receiver that runs for
   * hours (lib/live), where copying the records on every insert made each insert cost O(records).
   * The lessons' stores are values (a page keeps each step), so this is off unless asked for.
   */
  readonly inPlace?: boolean;
}

export type InsertOutcome =
  | {inserted: true; store: DedupStore; record: DedupRecord; replacedExpired?: DedupRecord}
  | {inserted: false; store: DedupStore; record: DedupRecord};

export function createDedupStore(
  retentionSeconds: number = DEFAULT_DEDUP_RETENTION_SECONDS,
  options: {inPlace?: boolean} = {}
): DedupStore {
  if (!(retentionSeconds >= 0)) throw new RangeError("retentionSeconds must be >= 0 (Infinity keeps records forever)");
  return options.inPlace
    ? {retentionSeconds, records: new Map(), inPlace: true}
    : {retentionSeconds, records: new Map()};
}

/** The records to change: the store's own when it is changed in place, else a copy. */
function writableRecords(store: DedupStore): Map<string, DedupRecord> {
  return store.inPlace ? (store.records as Map<string, DedupRecord>) : new Map(store.records);
}

/** The store holding `records`: itself when changed in place. */
function withRecords(store: DedupStore, records: Map<string, DedupRecord>): DedupStore {
  return store.inPlace ? store : {retentionSeconds: store.retentionSeconds, records};
}

export function isLive(record: DedupRecord, nowSeconds: number): boolean {
  return nowSeconds < record.expiresAtSeconds;
}

/** The live record for a key, or undefined (an expired record is ignored). */
export function lookupRecord(store: DedupStore, key: string, nowSeconds: number): DedupRecord | undefined {
  const record = store.records.get(key);
  return record && isLive(record, nowSeconds) ? record : undefined;
}

/**
 * Insert-if-absent: one atomic step that both checks and records. A live
 * record means duplicate; an expired one is treated as absent and replaced.
 */
export function insertIfAbsent(store: DedupStore, key: string, nowSeconds: number): InsertOutcome {
  const existing = store.records.get(key);
  if (existing && isLive(existing, nowSeconds)) return {inserted: false, store, record: existing};
  const record: DedupRecord = {
    key,
    recordedAtSeconds: nowSeconds,
    expiresAtSeconds: nowSeconds + store.retentionSeconds
  };
  const records = writableRecords(store);
  // An expired record is replaced at the end, as the newest: evictOldest forgets the oldest first.
  records.delete(key);
  records.set(key, record);
  const next = withRecords(store, records);
  return existing
    ? {inserted: true, store: next, record, replacedExpired: existing}
    : {inserted: true, store: next, record};
}

/** Forgets a key, e.g. when the side effect failed and the sender's retry must be able to apply it. */
export function releaseRecord(store: DedupStore, key: string): DedupStore {
  if (!store.records.has(key)) return store;
  const records = writableRecords(store);
  records.delete(key);
  return withRecords(store, records);
}

/** Drops expired records (a real store would do this with a TTL). */
export function purgeExpired(store: DedupStore, nowSeconds: number): {store: DedupStore; purged: DedupRecord[]} {
  const purged = [...store.records.values()].filter((record) => !isLive(record, nowSeconds));
  if (purged.length === 0) return {store, purged};
  const records = writableRecords(store);
  for (const record of purged) records.delete(record.key);
  return {store: withRecords(store, records), purged};
}

/** Forgets the `count` oldest records (in the order they were recorded): a long-running receiver's bound on memory. */
export function evictOldest(store: DedupStore, count: number): DedupStore {
  if (count <= 0) return store;
  const records = writableRecords(store);
  let left = count;
  for (const key of records.keys()) {
    if (left-- <= 0) break;
    records.delete(key);
  }
  return withRecords(store, records);
}
