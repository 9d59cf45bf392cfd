/** The context messages and limits, declared in spec/ so provider folders render them without importing context/. */
export * from "../spec/context.js";
