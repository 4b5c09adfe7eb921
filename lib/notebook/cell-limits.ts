/** The most a cell may hold: a cell is a few lines, and a link carries it whole. */
export const CELL_CODE_MAX_CHARS = 20_000;
