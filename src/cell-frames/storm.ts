/** The sandboxed frame of lesson cells: the lesson's own lib module is the cell's `lib`. */
import * as lib from "../../lib/storm/index.js";
import {startCellFrame} from "./runtime/cell-frame.js";

startCellFrame(lib);
