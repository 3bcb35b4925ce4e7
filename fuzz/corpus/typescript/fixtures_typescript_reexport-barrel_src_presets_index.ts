export * from "./read.js";
export { DESTRUCTIVE as DANGER, default as ADDITIVE } from "./write.js";
export * as all from "./write.js";
