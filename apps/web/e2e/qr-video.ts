import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`) showing a picture, as a phone held over
 * a customer's screen would see it: Y4M (YUV 4:2:0, which Chromium reads raw), 640×480 at 10 frames a second, the
 * picture (a screenshot of the QR code the customer's page drew) in the middle of a white frame, a few frames long
 * (Chromium loops it). Only the brightness is kept: a QR code is black and white.
 */
export async function writeCameraVideo(file: string, picture: Buffer, { width = 640, height = 480, frames = 5 } = {}) {
  const side = Math.min(width, height) - 40;
  const luma = await sharp(picture)
    .flatten({ background: '#ffffff' })
    .resize(side, side, { fit: 'contain', background: '#ffffff', kernel: 'nearest' })
    .extend({ top: (height - side) / 2, bottom: (height - side) / 2, left: (width - side) / 2, right: (width - side) / 2, background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer();
  if (luma.length !== width * height) throw new Error(`expected ${width * height} bytes of brightness, got ${luma.length}`);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
