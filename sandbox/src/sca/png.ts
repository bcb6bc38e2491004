import { deflateSync } from 'node:zlib';

/** 3x5 pixel digits: each row is three bits, left to right. */
const DIGITS: Record<string, number[]> = {
  '0': [7, 5, 5, 5, 7],
  '1': [2, 6, 2, 2, 7],
  '2': [7, 1, 7, 4, 7],
  '3': [7, 1, 7, 1, 7],
  '4': [5, 5, 7, 1, 1],
  '5': [7, 4, 7, 1, 7],
  '6': [7, 4, 7, 5, 7],
  '7': [7, 1, 1, 1, 1],
  '8': [7, 5, 7, 5, 7],
  '9': [7, 5, 7, 1, 7],
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A greyscale PNG showing `digits` in a blocky font on a framed background: the sandbox's "photo code" for
 * PHOTO_OTP (a real bank would encode a cryptogram the PSU's app decodes; here the PSU can read the OTP off it).
 */
export function digitsPng(digits: string, scale = 8): Buffer {
  const glyphs = [...digits].map((d) => DIGITS[d] ?? [0, 0, 0, 0, 0]);
  const cellsWide = glyphs.length * 4 + 3;
  const cellsHigh = 9;
  const width = cellsWide * scale;
  const height = cellsHigh * scale;
  const raw = Buffer.alloc((width + 1) * height, 255);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0; // filter: none
    const cy = Math.floor(y / scale);
    for (let x = 0; x < width; x++) {
      const cx = Math.floor(x / scale);
      let dark = cy === 0 || cy === cellsHigh - 1 || cx === 0 || cx === cellsWide - 1;
      const gy = cy - 2;
      const gx = cx - 2;
      if (gy >= 0 && gy < 5 && gx >= 0 && gx % 4 < 3) {
        const rows = glyphs[Math.floor(gx / 4)];
        const bits = rows?.[gy] ?? 0;
        if ((bits >> (2 - (gx % 4))) & 1) dark = true;
      }
      raw[y * (width + 1) + 1 + x] = dark ? 20 : 255;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
