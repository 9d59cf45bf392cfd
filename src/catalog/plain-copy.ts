/** The catalogue's private copies of listed JSON: the walk lives in connect/ so a listing is copied only once. */
export { plainCopy } from "../connect/plain-json.js";
