/**
 * The floor: a stdio MCP client in ~60 lines with no SDK. Newline-delimited JSON-RPC, a pending-request map,
 * `initialize` + `notifications/initialized`, and nothing else (no validation, no timeouts, no reconnects).
 */
import { spawn } from "node:child_process";

export class RawClient {
  #child;
  #next = 1;
  #pending = new Map();
  #parts = [];
  #listeners = new Set();

  static async connect({ command, args }) {
    const client = new RawClient(command, args);
    await client.request("initialize", {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "raw-bench", version: "1.0.0" },
    });
    client.notify("notifications/initialized");
    return client;
  }

  constructor(command, args) {
    this.#child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
    this.#child.stdout.setEncoding("utf8");
    this.#child.stdout.on("data", (chunk) => this.#read(chunk));
  }

  #read(chunk) {
    // Scan only the new chunk for newlines; a multi-megabyte listing arrives in many chunks.
    let start = 0;
    let newline = chunk.indexOf("\n");
    while (newline !== -1) {
      this.#parts.push(chunk.slice(start, newline));
      const line = this.#parts.join("");
      this.#parts = [];
      if (line.length > 0) this.#dispatch(JSON.parse(line));
      start = newline + 1;
      newline = chunk.indexOf("\n", start);
    }
    if (start < chunk.length) this.#parts.push(chunk.slice(start));
  }

  #dispatch(message) {
    if (message.id === undefined) {
      for (const listener of this.#listeners) listener(message);
      return;
    }
    const pending = this.#pending.get(message.id);
    if (pending === undefined) return;
    this.#pending.delete(message.id);
    if (message.error) pending.reject(new Error(message.error.message));
    else pending.resolve(message.result);
  }

  onNotification(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  request(method, params) {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  }

  notify(method, params) {
    this.#child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method, params })}\n`);
  }

  async close() {
    const exited = new Promise((resolve) => this.#child.once("exit", resolve));
    this.#child.stdin.end();
    await exited;
  }
}
