/** What the teachers page imports: the answer key's and time plan's views, and "Forget my progress". No simulator: the key is computed at build time. */
export {carryAddressVersion} from "../components/links/course-links.js";
export {ForgetProgress} from "../components/course/course-forget.js";
export {answerKeyFrom, LessonAnswerKey, LessonTime, TimePlan} from "../components/course/course-teachers.js";
export {ClassPlanner} from "../components/class/class-planner.js";
