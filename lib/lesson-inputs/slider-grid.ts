/**
 * A number field's slider. A range input only stops at min + k·step, so a field whose min
 * is off its step's grid (capacity from 1 in steps of 10) could neither show nor reach its
 * round values (200 showed as 201). The slider's grid starts at the multiple of step at or
 * below min, and a position below min means min.
 */
import type {NumberField} from "./fields.js";

export interface SliderGrid {
  min: number;
  max: number;
  step: number;
}

export function sliderGrid(field: NumberField): SliderGrid {
  const min = Math.floor(field.min / field.step) * field.step;
  const top = field.sliderMax ?? field.max;
  const max = min + Math.ceil(roundSteps((top - min) / field.step)) * field.step;
  return {min: roundValue(min), max: roundValue(max), step: field.step};
}

/** The field's value at a slider position. */
export function valueAtSlider(field: NumberField, position: number): number {
  return Math.min(field.max, Math.max(field.min, position));
}

/** Whether the slider can show `value` exactly (it lies on the grid and in range). */
export function sliderShows(field: NumberField, value: number): boolean {
  const grid = sliderGrid(field);
  if (value < grid.min || value > grid.max) return false;
  const steps = (value - grid.min) / grid.step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

// Steps like 0.1 make float noise (0.30000000000000004): round at a precision no lesson uses.
const roundSteps = (steps: number) => Math.round(steps * 1e9) / 1e9;
const roundValue = (value: number) => Math.round(value * 1e9) / 1e9;
