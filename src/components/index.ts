// View pieces shared by every lesson page: plain functions that return DOM nodes.
export {playbackFor} from "./controls/playback-control.js";
export {inputValue, widthOf} from "./runtime/observe.js";
