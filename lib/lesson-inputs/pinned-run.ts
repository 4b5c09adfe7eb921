/**
 * The pinned run of a comparison, in the link beside the current one, so "A versus B" can be
 * shared: `vs=baseline` pins the lesson's defaults, and `vs.<input>=<value>` pins a run whose
 * inputs differ from them (only the differing ones are written). Every `vs.` value goes through
 * the same checks as a lesson input: a bad one becomes a notice naming `vs.<input>`, and the
 * pinned run keeps that input's default.
 */
import {
  PIN_PARAMETER,
  PIN_PREFIX,
  readPermalink,
  unknownParameterNotice,
  writePermalink,
  type PermalinkNotice
} from "./permalink.js";
import type {FieldSpec, FieldValues} from "./fields.js";
import {shorten} from "./check.js";

export const PIN_BASELINE = "baseline";

export interface PinnedReading<T extends FieldValues> {
  /** The pinned run's inputs, or null when the link pins nothing. */
  pinned: T | null;
  notices: PermalinkNotice[];
}

export function readPinnedRun<T extends FieldValues>(
  search: string,
  fields: readonly FieldSpec[],
  defaults: T
): PinnedReading<T> {
  const params = new URLSearchParams(search);
  const notices: PermalinkNotice[] = [];
  const marks = params.getAll(PIN_PARAMETER);
  let pinsBaseline = false;
  for (const mark of marks) {
    if (mark === PIN_BASELINE && !pinsBaseline) pinsBaseline = true;
    else
      notices.push({
        parameter: PIN_PARAMETER,
        value: shorten(mark),
        problem:
          mark === PIN_BASELINE
            ? "given more than once; the first is used"
            : `must be "${PIN_BASELINE}" (or give the pinned run's inputs as ${PIN_PREFIX}<input>=<value>)`
      });
  }
  // Only the lesson's inputs can be pinned: `vs.step`, `vs.vs` or `vs.anything` is named, and pins nothing.
  const known = new Set(fields.map((field) => field.name));
  const pinnedParams = new URLSearchParams();
  for (const [parameter, value] of params) {
    if (!parameter.startsWith(PIN_PREFIX)) continue;
    const name = parameter.slice(PIN_PREFIX.length);
    if (known.has(name)) pinnedParams.append(name, value);
    else
      notices.push(
        unknownParameterNotice(parameter, value, [PIN_PARAMETER, ...[...known].map((name) => `${PIN_PREFIX}${name}`)])
      );
  }
  if (!pinsBaseline && [...pinnedParams].length === 0) return {pinned: null, notices};
  const reading = readPermalink(`?${pinnedParams}`, fields, defaults, {readElsewhere: () => false});
  notices.push(...reading.notices.map((notice) => ({...notice, parameter: `${PIN_PREFIX}${notice.parameter}`})));
  return {pinned: reading.values, notices};
}

/** The link parameters for a pinned run ("vs=baseline", or "vs.<input>=…" for each input off its default); "" for none. */
export function writePinnedRun(
  pinned: FieldValues | null,
  fields: readonly FieldSpec[],
  defaults: FieldValues
): string {
  if (pinned === null) return "";
  const own = writePermalink(pinned, fields, defaults).slice(1);
  if (own === "") return `${PIN_PARAMETER}=${PIN_BASELINE}`;
  const params = new URLSearchParams();
  for (const [parameter, value] of new URLSearchParams(own)) params.append(`${PIN_PREFIX}${parameter}`, value);
  return params.toString();
}
