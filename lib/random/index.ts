export {seededRandom} from "./seeded-random.js";
export {normalVariate} from "./normal.js";
