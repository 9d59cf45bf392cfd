/** Official SDK v2 (`@modelcontextprotocol/client`): the baseline every ratio is taken against. */
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { describeFirst as first } from "../lib/anthropic-shape.mjs";
import { sdkAdapter } from "../lib/sdk-adapter.mjs";

const adapter = sdkAdapter({ Client, StdioClientTransport });
export const { shape, connect, listAndConvert, call, rebuildAfterChange, dispatch, close } = adapter;
export const describeFirst = first;
