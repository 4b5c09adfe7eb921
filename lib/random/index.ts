export {seededRandom} from "./seeded-random.js";
