/** Official SDK v1 (`@modelcontextprotocol/sdk` Client). */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describeFirst as first } from "../lib/anthropic-shape.mjs";
import { sdkAdapter } from "../lib/sdk-adapter.mjs";

const adapter = sdkAdapter({ Client, StdioClientTransport });
export const { shape, connect, listAndConvert, call, rebuildAfterChange, dispatch, close } = adapter;
export const describeFirst = first;
