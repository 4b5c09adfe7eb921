/**
 * A lesson's controls, built from its field table (lib/lesson-inputs), grouped as
 * the lesson reads. A custom input: `value` is the whole config object and every
 * accepted change dispatches `input`, so a page writes `const config = view(panel)`.
 *
 * With `permalink: true` the panel owns the URL: it starts from the link's values
 * (each bad parameter reported by name, falling back to its default), writes every
 * change back with history.replaceState, and offers "Copy link".
 */
import {
  checkFieldValue,
  type FieldSpec,
  type FieldValue,
  type FieldValues,
  type NumberField,
  type TextField
} from "../../../lib/lesson-inputs/fields.js";
import {shorten} from "../../../lib/lesson-inputs/check.js";
import {numberTextProblem, readNumberText} from "../../../lib/lesson-inputs/number-text.js";
import {sliderGrid, valueAtSlider} from "../../../lib/lesson-inputs/slider-grid.js";
import {fromVisible, hasUnseen, toVisible} from "../../../lib/text/visible-text.js";
import {experimentState, withFollowers} from "../../../lib/lesson-inputs/following-defaults.js";
import {joinQuery, readPermalink, writePermalink, type PermalinkNotice} from "../../../lib/lesson-inputs/permalink.js";
import {readPinnedRun, writePinnedRun} from "../../../lib/lesson-inputs/pinned-run.js";
import {describeRun} from "../../../lib/lesson-inputs/run-label.js";
import {PinBar, type PinBarElement} from "./pin-bar.js";
import {addressHref, addressSearch, replaceAddressSearch} from "../links/page-address.js";
import {LinkWriter} from "../links/link-writer.js";
import {stopInnerInputs} from "../runtime/inner-inputs.js";
import {element} from "../runtime/dom.js";

export interface ControlPanelOptions<T extends FieldValues> {
  /** The values "restore" goes back to, and that permalinks omit. */
  defaults: T;
  /** Label of the restore button ("Common baseline settings"). */
  restoreLabel?: string;
  /** Read and write the lesson's inputs in the page URL. */
  permalink?: boolean;
  /** Accessible name of the whole panel. */
  label?: string;
  /** Offer "Pin this run" (panel.pinBar) and keep the pinned run in the link as vs.<input> (see pinned-run.ts). */
  pinnable?: boolean;
}

export type ControlPanelElement<T extends FieldValues> = HTMLElement & {
  value: T;
  /** Sets some inputs (others keep their values) and notifies the page once. */
  setValues(values: Partial<T>): void;
  /** Sets an experiment's inputs over the defaults (every other input back to its default, a course-wide one kept). */
  applyOverrides(overrides: Partial<T>): void;
  /** The state applyOverrides would set now (a tour step asks whether its inputs are in the lab). */
  experimentState(overrides: Partial<T>): T;
  /**
   * The controls of one group (a name from the lesson's field table), to place inside the
   * section they drive. The panel keeps owning their values and the link; the group leaves
   * the panel's own list.
   */
  group(name: string): HTMLElement;
  /** Shows `view` at the end of a group, after its controls: what those controls produce (lesson 1's registration request). */
  showInGroup(name: string, view: Node): void;
  /** With `pinnable`: the pin bar to place where the comparison is read; its value is the pinned run's inputs or null. */
  pinBar: PinBarElement<T>;
  /** An experiment compared with the defaults: its inputs applied, the defaults pinned, one notification each. */
  compareWithBaseline(overrides: Partial<T>): void;
};

let panelCount = 0;

export function ControlPanel<T extends FieldValues>(
  fields: readonly FieldSpec[],
  options: ControlPanelOptions<T>
): ControlPanelElement<T> {
  const {
    defaults,
    restoreLabel = "Restore defaults",
    permalink = false,
    label = "Lesson inputs",
    pinnable = false
  } = options;
  const idPrefix = `panel${++panelCount}`;
  const reading = readPanelLink(fields, defaults, permalink, pinnable);
  let values: T = {...reading.values};

  const controls = fields.map((field) =>
    FieldControl(field, values[field.name] ?? null, `${idPrefix}-${field.name}`, (value) => {
      const before = values;
      values = withFollowers(fields, defaults, values, field.name, value);
      // An input whose default follows this one (lesson 4's body follows the version) shows its new value.
      showFollowers(fields, controls, before, values, field.name);
      changed();
    })
  );
  const fieldsets = groupFieldsets(fields, controls);
  const link = PanelLinkWriter(fields, defaults, () => ({values, pinned: pinBar.value}));
  const root = PanelForm({
    label,
    notices: reading.notices,
    fieldsets: [...fieldsets.values()],
    restoreLabel,
    restore: () => root.applyOverrides({}),
    copy: permalink ? link.flush : null
  }) as ControlPanelElement<T>;

  const pinBar = PinBar<T>({
    initial: reading.pinned,
    current: () => ({...values}),
    baseline: () => root.experimentState({}),
    describe: (run) => ({caption: describeRun(run, fields, defaults).caption, linkNote: null}),
    changed: () => {
      if (permalink) link.later();
    }
  });

  function changed() {
    root.value = values;
    // A dragged slider fires dozens of inputs a second; the URL only needs the value it settles on.
    if (permalink) link.later();
    root.dispatchEvent(new Event("input", {bubbles: true}));
  }

  root.setValues = (partial: Partial<T>) => {
    values = {...values, ...partial};
    controls.forEach((control, index) => control.show(values[fields[index]!.name] ?? null));
    changed();
  };

  root.experimentState = (overrides: Partial<T>) => experimentState(fields, defaults, values, overrides);
  root.applyOverrides = (overrides: Partial<T>) => root.setValues(root.experimentState(overrides));

  root.pinBar = pinBar;
  root.compareWithBaseline = (overrides: Partial<T>) => {
    pinBar.pin(root.experimentState({}));
    root.applyOverrides(overrides);
  };

  const placement = GroupPlacement(fieldsets);
  root.group = placement.group;
  root.showInGroup = placement.showInGroup;

  // The panel emits its own input events, once a value is accepted.
  stopInnerInputs(root);
  root.value = values;
  if (permalink) link.now();
  return root;
}

/** Writes the panel's inputs and pinned run into the page's address. */
function PanelLinkWriter<T extends FieldValues>(
  fields: readonly FieldSpec[],
  defaults: T,
  current: () => {values: T; pinned: T | null}
): LinkWriter {
  return LinkWriter(() => {
    const {values, pinned} = current();
    // The guided lesson's step is not the panel's: it stays as the tour wrote it.
    replaceAddressSearch(
      joinQuery(addressSearch(), writePermalink(values, fields, defaults), writePinnedRun(pinned, fields, defaults))
    );
  });
}

/** The link's values and pinned run (each bad parameter named), or the defaults when the panel does not own the link. */
function readPanelLink<T extends FieldValues>(
  fields: readonly FieldSpec[],
  defaults: T,
  permalink: boolean,
  pinnable: boolean
): {values: T; pinned: T | null; notices: PermalinkNotice[]} {
  const reading = permalink ? readPermalink(addressSearch(), fields, defaults) : {values: defaults, notices: []};
  const pinReading =
    permalink && pinnable ? readPinnedRun(addressSearch(), fields, defaults) : {pinned: null, notices: []};
  return {values: reading.values, pinned: pinReading.pinned, notices: [...reading.notices, ...pinReading.notices]};
}

/** Shows the new value of every input but `changedName` whose value changed with it. */
function showFollowers(
  fields: readonly FieldSpec[],
  controls: readonly FieldControlHandle[],
  before: FieldValues,
  after: FieldValues,
  changedName: string
): void {
  controls.forEach((control, index) => {
    const name = fields[index]!.name;
    if (name !== changedName && !Object.is(before[name], after[name])) control.show(after[name] ?? null);
  });
}

/** One fieldset per group of the field table, in the table's order. */
function groupFieldsets(
  fields: readonly FieldSpec[],
  controls: readonly FieldControlHandle[]
): Map<string, HTMLFieldSetElement> {
  const groups = [...new Set(fields.map((field) => field.group))];
  return new Map(
    groups.map((group) => [
      group,
      element(
        "fieldset",
        {class: "control-group"},
        element("legend", null, group),
        controls.filter((_, index) => fields[index]!.group === group).map((control) => control.element)
      )
    ])
  );
}

/** A group's controls by name, to place in the section they drive, or to show a view after. */
function GroupPlacement(
  fieldsets: ReadonlyMap<string, HTMLFieldSetElement>
): Pick<ControlPanelElement<FieldValues>, "group" | "showInGroup"> {
  const fieldsetNamed = (name: string): HTMLFieldSetElement => {
    const fieldset = fieldsets.get(name);
    if (!fieldset) throw new Error(`no control group named "${name}" (groups: ${[...fieldsets.keys()].join(", ")})`);
    return fieldset;
  };
  return {
    group: (name) => element("div", {class: "control-panel section-controls"}, fieldsetNamed(name)),
    showInGroup: (name, view) => void fieldsetNamed(name).append(view)
  };
}

interface PanelFormParts {
  label: string;
  notices: readonly PermalinkNotice[];
  fieldsets: readonly HTMLFieldSetElement[];
  restoreLabel: string;
  restore: () => void;
  /** Writes the link before it is copied; null: the panel does not own the link, and offers no Copy link. */
  copy: (() => void) | null;
}

function PanelForm({label, notices, fieldsets, restoreLabel, restore, copy}: PanelFormParts): HTMLElement {
  const copyStatus = element("span", {class: "copy-link-status", role: "status"});
  return element(
    "form",
    {class: "control-panel", "aria-label": label, onsubmit: (event) => event.preventDefault()},
    notices.length ? PermalinkNotices(notices) : null,
    fieldsets,
    element(
      "div",
      {class: "control-actions"},
      element("button", {type: "button", class: "restore-defaults", onclick: () => restore()}, restoreLabel),
      copy
        ? [
            element(
              "button",
              {
                type: "button",
                class: "copy-link",
                onclick: () => {
                  copy();
                  void copyLink(copyStatus);
                }
              },
              "Copy link"
            ),
            copyStatus
          ]
        : null
    )
  );
}

/** A visible list of permalink values that were not trusted. Text only. */
/**
 * The most notices listed one by one: more than any lesson has inputs (lesson 4: 26), so every
 * input a link gets wrong is named; a link of thousands of unknown parameters is counted past it.
 */
const LISTED_NOTICES = 40;

export function PermalinkNotices(notices: readonly PermalinkNotice[]): HTMLElement {
  const unlisted = notices.length - LISTED_NOTICES;
  return element(
    "div",
    {class: "permalink-notices", role: "alert"},
    element(
      "p",
      null,
      `This link had ${notices.length === 1 ? "a value" : `${notices.length.toLocaleString("en-US")} values`} the lesson could not use:`
    ),
    element(
      "ul",
      null,
      notices
        .slice(0, LISTED_NOTICES)
        .map((notice) =>
          element(
            "li",
            null,
            element("code", null, element("bdi", null, notice.parameter), "=", element("bdi", null, notice.value)),
            `: ${notice.problem}.`
          )
        ),
      unlisted > 0
        ? element("li", {class: "permalink-notices-more"}, `and ${unlisted.toLocaleString("en-US")} more.`)
        : null
    )
  );
}

/** Copies the page's address, or shows it to copy by hand; says which in `status`. */
export async function copyLink(status: HTMLElement) {
  try {
    await navigator.clipboard.writeText(addressHref());
    status.textContent = "Link copied.";
  } catch {
    // Clipboard access can be refused (permissions, insecure origin): show the link to copy by hand.
    status.textContent = `Copy this link: ${addressHref()}`;
  }
}

interface FieldControlHandle {
  element: HTMLElement;
  /** Shows a value set from outside (restore, experiments) without emitting. */
  show(value: FieldValue): void;
}

function FieldControl(
  field: FieldSpec,
  initial: FieldValue,
  id: string,
  accept: (value: FieldValue) => void
): FieldControlHandle {
  switch (field.kind) {
    case "number":
      return NumberControl(field, initial as number | null, id, accept);
    case "boolean": {
      const input = element("input", {type: "checkbox", id, checked: initial === true});
      input.addEventListener("change", () => accept(input.checked));
      return {
        element: element(
          "div",
          {class: "field field-boolean"},
          input,
          element("label", {for: id}, field.label),
          Help(field)
        ),
        show: (value) => (input.checked = value === true)
      };
    }
    case "choice": {
      const select = element(
        "select",
        {id},
        field.options.map((option) =>
          element("option", {value: option.value, selected: option.value === initial}, option.label)
        )
      );
      select.addEventListener("change", () => accept(select.value));
      return {
        element: element(
          "div",
          {class: "field field-choice"},
          element("label", {for: id}, field.label),
          select,
          Help(field)
        ),
        show: (value) => (select.value = String(value))
      };
    }
    case "text":
      return TextControl(field, String(initial ?? ""), id, accept);
  }
}

/** A typed text is applied once typing pauses for this long (or at once on Enter or leaving the box). */
const TEXT_PAUSE_MS = 400;

/**
 * A text box that shows its value exactly. A character the box cannot hold or a reader cannot
 * see (a line break in a one-line box, a carriage return, NUL, a zero-width or bidi character)
 * is shown as ⟨U+XXXX⟩ and read back as that character (lib/text/visible-text.ts), so the box,
 * the lesson and the link hold the same value. A value the field refuses is named beside the
 * box, and the lesson keeps its last good value.
 */
function TextControl(
  field: TextField,
  initial: string,
  id: string,
  accept: (value: string) => void
): FieldControlHandle {
  const keep = field.rows === undefined ? "" : "\n";
  const input =
    field.rows === undefined
      ? element("input", {type: "text", id, spellcheck: "false", autocomplete: "off"})
      : element("textarea", {id, rows: field.rows, spellcheck: "false", autocomplete: "off"});
  const problem = element("span", {class: "field-problem", role: "alert"});
  const note = element("small", {class: "field-note"});
  let lastValue = initial;
  let pause: ReturnType<typeof setTimeout> | null = null;

  const describe = (value: string) => {
    note.textContent = hasUnseen(value, keep)
      ? `Holds characters that do not show as themselves; each ⟨U+XXXX⟩ here stands for one: ${shorten(value)}`
      : "";
  };
  const display = (value: string) => {
    input.value = toVisible(value, {keep});
    describe(value);
    problem.textContent = "";
    input.setAttribute("aria-invalid", "false");
  };
  const apply = () => {
    if (pause !== null) clearTimeout(pause);
    pause = null;
    const value = fromVisible(input.value);
    const issue = checkFieldValue(field, value);
    problem.textContent =
      issue === null
        ? ""
        : `${field.label}: ${value === "" ? "an empty box" : `“${shorten(value)}”`} is not accepted: it ${issue}. The lesson keeps its last accepted value.`;
    input.setAttribute("aria-invalid", String(issue !== null));
    describe(value);
    if (issue !== null || value === lastValue) return;
    lastValue = value;
    accept(value);
  };
  input.addEventListener("input", () => {
    if (pause !== null) clearTimeout(pause);
    pause = setTimeout(apply, TEXT_PAUSE_MS);
  });
  input.addEventListener("change", apply);
  display(initial);
  return {
    element: element(
      "div",
      {class: "field field-text"},
      element("label", {for: id}, field.label),
      input,
      problem,
      note,
      Help(field)
    ),
    show: (value) => {
      if (pause !== null) clearTimeout(pause);
      pause = null;
      lastValue = String(value ?? "");
      display(lastValue);
    }
  };
}

/**
 * A slider and a number box that move together. A typed value that the field does
 * not accept is reported next to the box and not applied.
 */
function NumberControl(
  field: NumberField,
  initial: number | null,
  id: string,
  accept: (value: number | null) => void
): FieldControlHandle {
  const nullable = field.nullLabel !== undefined;
  // Switched on, an off input starts from a value that means something (not "delete at 0 s").
  let lastNumber = initial ?? field.switchOnValue ?? field.min;
  const {box, slider} = numberInputs(field, id, lastNumber);
  const problem = element("span", {class: "field-problem", role: "alert", id: `${id}-problem`});
  const enabled = nullable ? element("input", {type: "checkbox", id: `${id}-on`, checked: initial !== null}) : null;

  const setEnabled = (on: boolean) => {
    box.disabled = slider.disabled = !on;
  };
  const fromBox = () => {
    // One rule for a box and a link (lib/lesson-inputs/number-text.ts): "1e3" is refused in both.
    const text = box.value;
    const value = readNumberText(text);
    const issue = value === undefined ? numberTextProblem(field) : checkFieldValue(field, value);
    // Name the input and the value, and say what the lesson keeps using meanwhile. A number box
    // reports text the browser cannot read as a number as empty, with validity.badInput set.
    const shown =
      text !== "" ? `“${shorten(text)}”` : box.validity.badInput ? "text that is not a number" : "an empty box";
    problem.textContent =
      issue === null ? "" : `${field.label}: ${shown} is not accepted: it ${issue}. The lesson keeps ${lastNumber}.`;
    box.setAttribute("aria-invalid", String(issue !== null));
    if (issue !== null || value === undefined) return;
    lastNumber = value;
    slider.value = String(value);
    accept(value);
  };
  box.addEventListener("input", fromBox);
  slider.addEventListener("input", () => {
    lastNumber = valueAtSlider(field, Number(slider.value));
    box.value = slider.value;
    problem.textContent = "";
    box.setAttribute("aria-invalid", "false");
    accept(lastNumber);
  });
  enabled?.addEventListener("change", () => {
    setEnabled(enabled.checked);
    accept(enabled.checked ? lastNumber : null);
  });
  setEnabled(initial !== null);

  return {
    element: NumberInput(field, id, {enabled, slider, box, problem}),
    show: (value) => {
      if (enabled) enabled.checked = value !== null;
      setEnabled(value !== null);
      if (typeof value === "number") {
        lastNumber = value;
        box.value = slider.value = String(value);
      }
      problem.textContent = "";
    }
  };
}

/** The number box (the field's own bounds) and the slider (a grid over them, lib/lesson-inputs/slider-grid.ts). */
function numberInputs(
  field: NumberField,
  id: string,
  value: number
): {box: HTMLInputElement; slider: HTMLInputElement} {
  const unit = field.unit ? ` (${field.unit})` : "";
  const grid = sliderGrid(field);
  const box = element("input", {type: "number", id, min: field.min, max: field.max, step: field.step, value});
  const slider = element("input", {
    type: "range",
    min: grid.min,
    max: grid.max,
    step: grid.step,
    value,
    "aria-label": `${field.label}${unit}, slider`
  });
  return {box, slider};
}

/**
 * A number input laid out: its name (beside the on switch when it can be off, the box then named by a
 * hidden label), the slider and the box with the unit, what off means, its problem and its help.
 */
function NumberInput(
  field: NumberField,
  id: string,
  parts: {enabled: HTMLInputElement | null; slider: HTMLInputElement; box: HTMLInputElement; problem: HTMLElement}
): HTMLElement {
  const {enabled, slider, box, problem} = parts;
  const label = enabled
    ? [
        element("span", {class: "field-switch"}, enabled, element("label", {for: `${id}-on`}, field.label)),
        element("label", {class: "visually-hidden", for: id}, `${field.label} (${field.unit ?? "value"})`)
      ]
    : element("label", {for: id}, field.label);
  return element(
    "div",
    {class: "field field-number"},
    label,
    element(
      "span",
      {class: "field-inputs"},
      slider,
      box,
      field.unit ? element("span", {class: "field-unit"}, field.unit) : null,
      enabled ? element("span", {class: "field-null"}, `${field.nullLabel} when off`) : null
    ),
    problem,
    Help(field)
  );
}

function Help(field: FieldSpec) {
  return field.help ? element("small", {class: "field-help"}, field.help) : null;
}
