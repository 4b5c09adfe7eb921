/**
 * The symbols marks and legends share, by name, as d3-shape draws them. Sizes are radii, as
 * Plot's r is: a symbol of radius r has the area of a circle of radius r.
 */
import {symbol, symbolCircle, symbolDiamond, symbolSquare, symbolStar, symbolTimes, symbolTriangle, type SymbolType} from "d3-shape";

const SYMBOLS = {circle: symbolCircle, square: symbolSquare, diamond: symbolDiamond, star: symbolStar, times: symbolTimes, triangle: symbolTriangle} as const satisfies Record<string, SymbolType>;
export type SymbolName = keyof typeof SYMBOLS;

export function symbolPath(name: SymbolName, radius: number): string {
  return symbol(SYMBOLS[name], Math.PI * radius * radius)()!;
}
