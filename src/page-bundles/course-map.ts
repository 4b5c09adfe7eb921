/**
 * The course home's map of the reader's progress, imported by the home page when it runs
 * (`await import`), not with the page: it checks what the browser kept (zod), and the page's
 * first paint does not wait for it.
 */
export {CourseMap} from "../components/course/course-progress.js";
