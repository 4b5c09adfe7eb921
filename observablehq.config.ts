export default {
  title: "A2A Workbench",
  root: "src",
  globalStylesheets: [],
};
