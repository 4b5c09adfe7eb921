/** What the course home imports at once: only the version that travels through its links to the lessons. */
export {carryAddressVersion} from "../components/links/course-links.js";
