/**
 * Rounding to the steps lenses are made in (50 µm sag steps, 0.25 D powers, 0.1 mm diameters). Quotients like
 * 9.4999999 stand for 9.5 in binary floating point, so they are cleaned to 9 decimals before rounding: a value
 * exactly half way between two steps always rounds away from zero, as the fitting rules are written.
 */
function stepsIn(value: number, step: number): number {
  return Number((value / step).toFixed(9));
}

/** Keeps the decimals a step has, so 0.1 x 3 reads 0.3, never 0.30000000000000004. */
function tidy(value: number): number {
  return Number(value.toFixed(9)) + 0;
}

/** The nearest multiple of `step`; half way rounds away from zero (2.5 steps -> 3, -2.5 -> -3). */
export function roundToStep(value: number, step: number): number {
  const steps = stepsIn(value, step);
  return tidy(Math.sign(steps) * Math.round(Math.abs(steps)) * step);
}

/** The next multiple of `step` at or above `value`. */
export function roundUpToStep(value: number, step: number): number {
  return tidy(Math.ceil(stepsIn(value, step)) * step);
}

/** `value` snapped to the grid min, min + step, ... and kept inside [min, max] (a design's number parameter). */
export function snapToGrid(
  value: number,
  grid: { min: number; max: number; step: number },
): { value: number; clamped: boolean } {
  const onGrid = tidy(grid.min + roundToStep(value - grid.min, grid.step));
  // The highest value on the grid may lie below max when (max - min) is not a whole number of steps.
  const top = tidy(grid.min + Math.floor(stepsIn(grid.max - grid.min, grid.step)) * grid.step);
  if (onGrid < grid.min) return { value: grid.min, clamped: true };
  if (onGrid > top) return { value: top, clamped: true };
  return { value: onGrid, clamped: false };
}
