// Small, valid photos for the upload tests, made here (no files on disk): a PNG with a two-colour
// gradient, so each test's photo is real image data that the server decodes and re-encodes.
import zlib from "node:zlib";

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

type Rgb = [number, number, number];

/** An RGB PNG of `width` × `height` shading from `from` (top left) to `to` (bottom right). */
export function gradientPng(
  width = 120,
  height = 80,
  from: Rgb = [194, 65, 12],
  to: Rgb = [15, 23, 42],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then pixels
    for (let x = 0; x < width; x++) {
      const t = (x / Math.max(1, width - 1) + y / Math.max(1, height - 1)) / 2;
      for (let c = 0; c < 3; c++) {
        const start = from[c] ?? 0;
        row[1 + x * 3 + c] = Math.round(start + ((to[c] ?? 0) - start) * t);
      }
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A file for `setInputFiles`: a photo the shop accepts. */
export function photoFile(name = "photo.png", colours?: { from: Rgb; to: Rgb }) {
  return {
    name,
    mimeType: "image/png",
    buffer: gradientPng(120, 80, colours?.from, colours?.to),
  };
}

/** Text dressed up as a PNG: the server judges by content and refuses it (415). */
export function fakePhotoFile() {
  return { name: "holiday.png", mimeType: "image/png", buffer: Buffer.from("just some text, not a picture") };
}
