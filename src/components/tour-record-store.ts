/**
 * A guided lesson's predictions, kept in the tab (sessionStorage, through page-address.ts) under
 * the lesson's name. What is read back is untrusted text: only values each step could have
 * produced are kept (readStoredTourRecord), and what was left out is named, never quoted raw.
 */
import {readStoredTourRecord, serializeTourRecord, type TourRecord, type TourStep} from "../../lib/tour/index.js";
import {element} from "./dom.js";
import {tabStorage} from "./page-address.js";

const STORAGE_PREFIX = "a2a-workbench:guided-lesson:";

export interface TourRecordStore {
  /** The predictions revealed so far, by step id. */
  readonly record: TourRecord;
  /** The stored predictions that could not be read back, each named. */
  readonly dropped: readonly string[];
  save(next: TourRecord): void;
}

export function TourRecordStore<Run>(lesson: string, steps: readonly TourStep<Run>[]): TourRecordStore {
  const storage = tabStorage(`${STORAGE_PREFIX}${lesson}`);
  const stored = readStoredTourRecord(storage.read(), steps);
  let record = stored.record;
  return {
    get record() {
      return record;
    },
    dropped: stored.dropped,
    save(next) {
      record = next;
      storage.write(serializeTourRecord(record));
    }
  };
}

/** The predictions left out when read back, each named (never quoted raw) and isolated. */
export function StorageNotice(dropped: readonly string[]): HTMLElement {
  const items = dropped.flatMap((text, index) => [index > 0 ? "; " : null, element("bdi", null, text)]);
  return element("p", {class: "tour-storage-notice", role: "status"}, "Some predictions kept in this tab could not be read and are left out: ", ...items, ".");
}
