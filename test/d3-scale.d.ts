// The one function the tests read from d3-scale (the reference for bandLayout in src/components/svg-axis.ts); d3 ships no types.
declare module "d3-scale" {
  interface BandScale {
    (value: string): number | undefined;
    domain(values: readonly string[]): BandScale;
    range(extent: readonly [number, number]): BandScale;
    padding(padding: number): BandScale;
    round(round: boolean): BandScale;
    bandwidth(): number;
  }
  export function scaleBand(): BandScale;
}
