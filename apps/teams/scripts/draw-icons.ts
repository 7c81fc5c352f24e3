import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deflateSync } from 'node:zlib';

/**
 * `npx tsx apps/teams/scripts/draw-icons.ts`: draws the Teams app's icons into deploy/teams/ —
 * color.png (192×192: a white speech bubble with a question mark on a rounded square in the
 * accent color) and outline.png (32×32: the same bubble, white on transparent, the question mark
 * cut out). The shapes are geometric primitives sampled 8×8 (16×16 for the small icon) per pixel
 * for smooth edges with only + − × ÷, so every machine draws the same pixels (a test compares
 * the files with the drawing).
 */

/** RGBA, 8 bits a channel, rows top to bottom. */
export type Image = { width: number; height: number; rgba: Uint8Array };

/** The manifest's accentColor, #1D3557. */
const ACCENT = [0x1d, 0x35, 0x57] as const;

const DEFAULT_DIR = fileURLToPath(new URL('../../../deploy/teams/', import.meta.url));

// --- shapes, in unit coordinates: x right, y down, the icon is [0, 1] × [0, 1] ---

type Shape = (x: number, y: number) => boolean;

/** x·x: plain multiplication (unlike `**`, exactly rounded on every engine). */
const square = (x: number) => x * x;

function roundedRect(x0: number, y0: number, x1: number, y1: number, radius: number): Shape {
  return (x, y) => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    const dx = Math.max(x0 + radius - x, 0, x - (x1 - radius));
    const dy = Math.max(y0 + radius - y, 0, y - (y1 - radius));
    return dx * dx + dy * dy <= radius * radius;
  };
}

function circle(cx: number, cy: number, radius: number): Shape {
  return (x, y) => square(x - cx) + square(y - cy) <= radius * radius;
}

/** The points within `halfWidth` of the segment from (ax, ay) to (bx, by): a capsule. */
function capsule(ax: number, ay: number, bx: number, by: number, halfWidth: number): Shape {
  const lengthSquared = square(bx - ax) + square(by - ay);
  return (x, y) => {
    const t = Math.min(
      1,
      Math.max(0, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / lengthSquared),
    );
    return square(x - ax - t * (bx - ax)) + square(y - ay - t * (by - ay)) <= halfWidth * halfWidth;
  };
}

/** Inside the triangle (a, b, c), either winding. */
function triangle(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): Shape {
  const side = (px: number, py: number, qx: number, qy: number, x: number, y: number) =>
    (qx - px) * (y - py) - (qy - py) * (x - px);
  return (x, y) => {
    const d1 = side(ax, ay, bx, by, x, y);
    const d2 = side(bx, by, cx, cy, x, y);
    const d3 = side(cx, cy, ax, ay, x, y);
    return (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0);
  };
}

function union(...shapes: Shape[]): Shape {
  return (x, y) => shapes.some((shape) => shape(x, y));
}

/** A speech bubble: a rounded rectangle with a tail at the bottom left. */
const bubble = union(
  roundedRect(0.17, 0.19, 0.83, 0.7, 0.14),
  triangle(0.28, 0.64, 0.46, 0.64, 0.24, 0.85),
);

/**
 * A question mark: a hook (three quarters of a ring, from the left over the top down to the
 * bottom), a stem under it and a dot, with round ends.
 */
const questionMark = (() => {
  const [cx, cy, radius, halfWidth] = [0.5, 0.355, 0.085, 0.032];
  const ring: Shape = (x, y) => {
    const dx = x - cx;
    const dy = y - cy;
    if (dx < 0 && dy > 0) return false; // the quarter below left stays open
    const distanceSquared = dx * dx + dy * dy;
    return (
      distanceSquared >= square(radius - halfWidth) && distanceSquared <= square(radius + halfWidth)
    );
  };
  const stemTop = cy + radius;
  const stemBottom = stemTop + 0.055;
  return union(
    ring,
    circle(cx - radius, cy, halfWidth),
    capsule(cx, stemTop, cx, stemBottom, halfWidth),
    circle(cx, stemBottom + 0.085, halfWidth * 1.15),
  );
})();

// --- rendering ---

/** The share of a pixel's samples inside `shape`, where pixels cover [x0, x0 + size]². */
function coverage(
  shape: Shape,
  pixels: number,
  samples: number,
  view: { x0: number; y0: number; size: number },
): Float64Array {
  const result = new Float64Array(pixels * pixels);
  const step = view.size / pixels / samples;
  for (let py = 0; py < pixels; py++) {
    for (let px = 0; px < pixels; px++) {
      let inside = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = view.x0 + (px * samples + sx + 0.5) * step;
          const y = view.y0 + (py * samples + sy + 0.5) * step;
          if (shape(x, y)) inside++;
        }
      }
      result[py * pixels + px] = inside / (samples * samples);
    }
  }
  return result;
}

/** 192×192: the white bubble and the accent-colored question mark on an accent rounded square. */
export function drawColorIcon(): Image {
  const size = 192;
  const view = { x0: 0, y0: 0, size: 1 };
  const square = coverage(roundedRect(0, 0, 1, 1, 0.2), size, 8, view);
  const white = coverage((x, y) => bubble(x, y) && !questionMark(x, y), size, 8, view);
  const rgba = new Uint8Array(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    const w = white[i] ?? 0;
    const a = square[i] ?? 0;
    // The white only ever lies inside the square, so the square's color under it is the accent.
    rgba[i * 4] = Math.round(ACCENT[0] + (255 - ACCENT[0]) * w);
    rgba[i * 4 + 1] = Math.round(ACCENT[1] + (255 - ACCENT[1]) * w);
    rgba[i * 4 + 2] = Math.round(ACCENT[2] + (255 - ACCENT[2]) * w);
    rgba[i * 4 + 3] = Math.round(255 * a);
  }
  return { width: size, height: size, rgba };
}

/** 32×32: the bubble in white on transparent, the question mark cut out, filling the icon. */
export function drawOutlineIcon(): Image {
  const size = 32;
  const view = { x0: 0.135, y0: 0.16, size: 0.73 };
  const white = coverage((x, y) => bubble(x, y) && !questionMark(x, y), size, 16, view);
  const rgba = new Uint8Array(size * size * 4).fill(255);
  for (let i = 0; i < size * size; i++) rgba[i * 4 + 3] = Math.round(255 * (white[i] ?? 0));
  return { width: size, height: size, rgba };
}

// --- PNG ---

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO-HDLC), as PNG chunks carry it. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** length, type, data, CRC-32 of type and data. */
function chunk(type: string, data: Uint8Array): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An 8-bit RGBA PNG (color type 6): IHDR, one IDAT (each row unfiltered), IEND. */
export function encodePng(image: Image): Buffer {
  const { width, height, rgba } = image;
  if (rgba.length !== width * height * 4) throw new Error('encodePng: rgba is not width×height×4');
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // color type: RGBA
  header[10] = 0; // compression: deflate
  header[11] = 0; // filter method
  header[12] = 0; // no interlace
  const rowBytes = width * 4;
  const raw = Buffer.alloc((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (rowBytes + 1)] = 0; // filter type None
    raw.set(rgba.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** Writes color.png and outline.png into `dir` (deploy/teams/ by default). */
export async function writeIcons(dir: string = DEFAULT_DIR): Promise<string[]> {
  const files = [
    { path: join(dir, 'color.png'), image: drawColorIcon() },
    { path: join(dir, 'outline.png'), image: drawOutlineIcon() },
  ];
  for (const file of files) await writeFile(file.path, encodePng(file.image));
  return files.map((file) => file.path);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const path of await writeIcons()) console.log(`wrote ${path}`);
}
