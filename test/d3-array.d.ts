// The one function the tests read from d3-array (the reference for src/components/chart-ticks.ts); d3 ships no types.
declare module "d3-array" {
  export function ticks(start: number, stop: number, count: number): number[];
}
