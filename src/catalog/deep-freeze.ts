export { deepFreeze } from "../connect/plain-json.js";
