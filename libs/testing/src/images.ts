/**
 * Test images built byte by byte, so a test can have a huge image in a small file without spending
 * seconds (and a gigabyte) encoding it: a PNG of one colour whose rows after the first repeat the
 * row above (filter "Up", all zeros) compresses about a thousand to one.
 */
import zlib from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG of `width` x `height` pixels of one colour. */
export async function solidPng(
  width: number,
  height: number,
  rgba: [number, number, number, number] = [200, 30, 30, 255],
): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rowBytes = 1 + width * 4;
  // First row, filter "Sub": the first pixel, then differences of zero.
  const first = Buffer.alloc(rowBytes);
  first[0] = 1;
  first.set(rgba, 1);
  // Later rows, filter "Up": zero difference from the row above. Written in batches of rows.
  const batchRows = 64;
  const batch = Buffer.alloc(rowBytes * batchRows);
  for (let i = 0; i < batchRows; i += 1) batch[i * rowBytes] = 2;
  // Run-length matching finds the long zero runs as well as the best level does, far faster.
  const deflate = zlib.createDeflate({ strategy: zlib.constants.Z_RLE });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  deflate.write(first);
  for (let y = 1; y < height; y += batchRows) {
    deflate.write(batch.subarray(0, Math.min(batchRows, height - y) * rowBytes));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(parts)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
