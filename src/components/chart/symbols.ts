/**
 * The symbols marks and legends share, by name, as d3-shape draws them. Sizes are radii, as
 * Plot's r is: a symbol of radius r has the area of a circle of radius r.
 */
import {
  symbol,
  symbolCircle,
  symbolDiamond,
  symbolSquare,
  symbolStar,
  symbolTimes,
  symbolTriangle,
  type SymbolType
} from "d3-shape";
import type {TypeScale} from "./type-scale.js";

const SYMBOLS = {
  circle: symbolCircle,
  square: symbolSquare,
  diamond: symbolDiamond,
  star: symbolStar,
  times: symbolTimes,
  triangle: symbolTriangle
} as const satisfies Record<string, SymbolType>;
export type SymbolName = keyof typeof SYMBOLS;

/**
 * A symbol's path depends on its name and radius alone, and a chart redrawn on every input
 * draws the same few dozens of times (a swimlane's sender marks: a tenth of its redraw at 4x
 * CPU throttle), so each is drawn by d3-shape once.
 */
const drawn = new Map<string, string>();
/** Radii vary with a chart's width (the horizon chart shrinks crowded symbols): the memory starts over past this many. */
const MAX_DRAWN = 512;

export function symbolPath(name: SymbolName, radius: number): string {
  const key = `${name} ${radius}`;
  let path = drawn.get(key);
  if (path === undefined) {
    if (drawn.size >= MAX_DRAWN) drawn.clear();
    drawn.set(key, (path = symbol(SYMBOLS[name], Math.PI * radius * radius)()!));
  }
  return path;
}

/** How a chart's symbols shrink where its marks crowd: radii in px at 10 px type. */
export interface CrowdedSymbols {
  /** The radius where marks are far apart. */
  most: number;
  /** The least it shrinks to: still a shape, not a dot. */
  least: number;
  /** How far a symbol reaches from its centre, in radii (a star's points, a triangle's tip). */
  reachInRadii: number;
}

/** A symbol's radius when the closest two marks are `closest` px apart: two neighbours' points just meet at two reaches. */
export function crowdedRadius(closest: number, {most, least, reachInRadii}: CrowdedSymbols, type: TypeScale): number {
  return Math.max(least * type.unit, Math.min(most * type.unit, closest / (2 * reachInRadii)));
}
