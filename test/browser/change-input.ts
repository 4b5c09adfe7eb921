/** Changing a lesson's panel input as a reader does: to another valid value, through its control. */
import type {Page} from "playwright-core";
import type {FieldSpec, FieldValues} from "../../lib/lesson-inputs/fields.js";

/** Valid text other than the default, for the lessons' text rows. */
const OTHER_TEXT: Record<string, string> = {
  callbackUrl: "https://localhost/hook",
  updates: "2 evt-1 1 submitted\n5 evt-1 1 submitted\n9 evt-2 2 completed",
  body: '{"type":"task.status","data":{"taskId":"t-9"}}',
  // Out of range: the live lab names it when Connect is pressed.
  liveReceiverPort: "99999"
};

/** A valid value other than the default: the other end of the slider's range for numbers. */
function otherNumber(field: FieldSpec & {kind: "number"}, current: number): number {
  const top = field.sliderMax ?? field.max;
  return current === top ? field.min : top;
}

export async function change(page: Page, field: FieldSpec, defaults: FieldValues): Promise<void> {
  const control = (selector: string) => page.locator(`${selector}[id$="-${field.name}"]`).first();
  switch (field.kind) {
    case "boolean":
      await control("input[type=checkbox]").click();
      return;
    case "choice": {
      const other = field.options.find((option) => option.value !== defaults[field.name])!;
      await control("select").selectOption(other.value);
      return;
    }
    case "text": {
      const box = page.locator(`input[type=text][id$="-${field.name}"], textarea[id$="-${field.name}"]`).first();
      await box.fill(OTHER_TEXT[field.name] ?? "other text");
      await box.press("Tab"); // text rows apply on change, as the reader leaves the box
      return;
    }
    case "number": {
      if (field.nullLabel !== undefined && defaults[field.name] === null)
        await page.locator(`input[type=checkbox][id$="-${field.name}-on"]`).click();
      const box = control("input[type=number]");
      await box.fill(String(otherNumber(field, Number(await box.inputValue()))));
      return;
    }
  }
}
