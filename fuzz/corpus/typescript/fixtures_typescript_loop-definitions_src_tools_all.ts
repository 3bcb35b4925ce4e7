export * from "./search.js";
export { closeTool as close } from "./close.js";
