/** `switchboard/testing`: test your own agents the way switchboard tests its own. */
export * from "./emulator/index.js";
