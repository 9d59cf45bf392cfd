// Preloaded into server-everything (NODE_OPTIONS=--require): it has no host option and would listen on every
// interface; the conformance run must only ever be reachable on loopback.
const net = require("node:net");
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === "number" || typeof args[0] === "string") {
    const port = args[0];
    const rest = args.slice(1).filter((arg) => typeof arg === "function");
    return listen.call(this, port, "127.0.0.1", ...rest);
  }
  if (args[0] && typeof args[0] === "object" && !("fd" in args[0]) && !("path" in args[0])) {
    args[0] = { ...args[0], host: "127.0.0.1" };
  }
  return listen.apply(this, args);
};
