/**
 * Uploads bound the server's memory (issue 11, point 5). A small file can hold a huge image: a
 * 16000 x 16000 PNG is a few MB on the wire and a gigabyte once decoded. The server refuses an
 * image beyond the pixel limit from its header, before decoding it, and decodes the images it
 * accepts a few at a time, so eight uploads at once of the largest accepted image cost the server
 * less than 300 MB more. The server is the real production one, in its own process (as `npm start`
 * runs it), so its memory is its own and not this test runner's. It starts on the run's seeded demo
 * data (a first start would seed its own, some 15 s of CPU).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constants } from '../../core/shared/config';
import { seedDataDir } from '../api/server';
import { startProductionServer, type ProductionServer } from '../bench/production-server';

const { longSide, shortSide } = constants.limits.imageMaxPixels;
const tooLargeMessage = `Image is too large: at most ${longSide} x ${shortSide} pixels.`;
const budgetMb = 300;
const uploadsAtOnce = 8;

/** A PNG with an alpha channel (the most memory per pixel sharp decodes), in one colour so the file stays small. */
const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 43, g: 136, b: 216, alpha: 0.8 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();

describe('image uploads and the server memory', () => {
  let server: ProductionServer;
  let token: string;
  let atLimit: Buffer;
  let beyondLimit: Buffer;

  beforeAll(async () => {
    [server, atLimit, beyondLimit] = await Promise.all([startProductionServer({}, seedDataDir), pngOf(longSide, shortSide), pngOf(16000, 16000)]);
    token = await server.signIn('editor@masthead.local');
  }, 180_000);
  afterAll(() => server?.stop());

  const imageCount = async () => {
    const response = await fetch(`${server.url}/api/images/list?limit=1`, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()).count as number;
  };

  /** Runs the uploads together and answers them with the server's peak memory above where it started (MB). */
  async function uploadTogether(png: Buffer) {
    const before = await server.idleRssMb({ steadySeconds: 3, timeoutSeconds: 30 });
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 20);
    try {
      const answers = await Promise.all(Array.from({ length: uploadsAtOnce }, (_, index) => server.uploadPng(token, png, `photo-${index}.png`)));
      peak = Math.max(peak, server.rssMb());
      return { answers, growthMb: peak - before };
    } finally {
      clearInterval(sampler);
    }
  }

  it('refuses an image beyond the pixel limit on its field, without decoding it', async () => {
    const count = await imageCount();
    const { answers, growthMb } = await uploadTogether(beyondLimit);
    for (const answer of answers) {
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ msg: 'Error!', details: [{ message: tooLargeMessage, path: 'image' }] });
    }
    expect(await imageCount()).toBe(count);
    console.log(`${uploadsAtOnce} uploads of a 16000 x 16000 PNG at once, refused: the server grew by ${growthMb.toFixed(0)} MB`);
    // Decoding even one of them takes more than this (its pixels alone are 1 GB); the files and
    // the multipart reading take about 30 MB.
    expect(growthMb).toBeLessThan(100);
  }, 60_000);

  it(`keeps ${uploadsAtOnce} uploads at once of the largest accepted image under +${budgetMb} MB`, async () => {
    const count = await imageCount();
    const { answers, growthMb } = await uploadTogether(atLimit);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ width: longSide, height: shortSide });
    }
    expect(await imageCount()).toBe(count + uploadsAtOnce);
    console.log(`${uploadsAtOnce} uploads of a ${longSide} x ${shortSide} PNG at once: the server grew by ${growthMb.toFixed(0)} MB (budget ${budgetMb} MB)`);
    expect(growthMb).toBeLessThan(budgetMb);
  }, 90_000);
});
