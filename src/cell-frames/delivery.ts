/** The sandboxed frame of lesson cells: the lesson's own lib module is the cell's `lib`. */
import * as lib from "../../lib/delivery/index.js";
import {startCellFrame} from "./runtime/cell-frame.js";

startCellFrame(lib);
