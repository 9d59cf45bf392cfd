/**
 * Just enough PNG decoding for the screenshot test: 8-bit RGB or RGBA, non-interlaced (what Chromium writes).
 * Reads the header, inflates the image data and undoes the per-row filters, so a test can count pixels of a
 * given colour instead of trusting a file size.
 */
import { inflateSync } from "node:zlib";

export interface DecodedPng {
  width: number;
  height: number;
  /** Bytes per pixel: 3 (RGB) or 4 (RGBA). */
  channels: number;
  pixels: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function decodePng(file: Buffer): DecodedPng {
  if (!file.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG file");
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString("latin1", offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || (colour !== 2 && colour !== 6) || interlace !== 0) {
        throw new Error(`unsupported PNG: depth ${depth}, colour type ${colour}, interlace ${interlace}`);
      }
      channels = colour === 2 ? 3 : 4;
    } else if (type === "IDAT") {
      data.push(body);
    } else if (type === "IEND") {
      break;
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let row = 0; row < height; row += 1) {
    const filter = raw[row * (stride + 1)];
    const line = raw.subarray(row * (stride + 1) + 1, (row + 1) * (stride + 1));
    const out = pixels.subarray(row * stride, (row + 1) * stride);
    const previous = row === 0 ? Buffer.alloc(stride) : pixels.subarray((row - 1) * stride, row * stride);
    for (let index = 0; index < stride; index += 1) {
      const left = index >= channels ? out[index - channels]! : 0;
      const up = previous[index]!;
      const upLeft = index >= channels ? previous[index - channels]! : 0;
      const value = line[index]!;
      let predicted: number;
      switch (filter) {
        case 0:
          predicted = 0;
          break;
        case 1:
          predicted = left;
          break;
        case 2:
          predicted = up;
          break;
        case 3:
          predicted = (left + up) >> 1;
          break;
        case 4:
          predicted = paeth(left, up, upLeft);
          break;
        default:
          throw new Error(`bad PNG filter ${filter} on row ${row}`);
      }
      out[index] = (value + predicted) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

/** Pixels within `tolerance` of the colour `#rrggbb` on every channel. */
export function countColour(png: DecodedPng, hex: string, tolerance = 2): number {
  const target = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  let count = 0;
  for (let index = 0; index < png.pixels.length; index += png.channels) {
    if (target.every((value, channel) => Math.abs(png.pixels[index + channel]! - value) <= tolerance))
      count += 1;
  }
  return count;
}

/** Distinct colours (ignoring alpha): a blank or failed render has one or two. */
export function distinctColours(png: DecodedPng): number {
  const seen = new Set<number>();
  for (let index = 0; index < png.pixels.length; index += png.channels) {
    seen.add((png.pixels[index]! << 16) | (png.pixels[index + 1]! << 8) | png.pixels[index + 2]!);
  }
  return seen.size;
}
