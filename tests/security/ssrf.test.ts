/**
 * The feed fetcher reaches only the public internet (issue 26, point 8): every block of IANA's
 * special-purpose registries is refused, 192.0.2.0/24 among them (it once held this machine's own
 * interface address, and the fetch reached it), as are this machine's own addresses whatever block
 * they are in, and IPv6 forms that carry a refused IPv4 address.
 */
import { createServer, type Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, privateAddressMessage } from '../../plugins/episodes/server/podcasts';
import { startTestServer, type TestServer } from '../api/server';

/** One address in each special-purpose block (and multicast), as the registries list them. */
const special = [
  '0.1.2.3',
  '10.20.30.40',
  '100.64.0.1',
  '127.0.0.2',
  '169.254.169.254',
  '172.31.255.1',
  '192.0.0.170',
  '192.0.2.2',
  '192.31.196.1',
  '192.52.193.1',
  '192.88.99.1',
  '192.168.0.1',
  '192.175.48.1',
  '198.18.0.1',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.251',
  '240.0.0.1',
  '255.255.255.255',
  '::',
  '::1',
  '::ffff:192.0.2.2',
  '::ffff:c000:202',
  '64:ff9b::c0a8:1',
  '64:ff9b:1::1',
  '100::1',
  '2001::1',
  '2001:db8::1',
  '2002:c0a8:101::1',
  '3fff::1',
  '5f00::1',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'fec0::1',
  'ff02::1',
];

const ownAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .flatMap((entry) => (entry ? [entry.address.replace(/%.*$/, '')] : []));

describe('addresses the feed fetcher refuses', () => {
  it('refuses every special-purpose block and this machine', () => {
    for (const address of [...special, ...ownAddresses()]) expect({ address, refused: isPrivateAddress(address) }).toEqual({ address, refused: true });
  });

  it('lets public addresses through', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:82a::200e', '64:ff9b::808:808'])
      expect({ address, refused: isPrivateAddress(address) }).toEqual({ address, refused: false });
  });
});

describe("a feed on this machine's own address", () => {
  let t: TestServer;
  let target: Server;
  let port: number;
  let requests = 0;
  const feed = '<?xml version="1.0"?><rss version="2.0"><channel><title>İç ağ</title></channel></rss>';

  beforeAll(async () => {
    t = await startTestServer('pglite');
    target = createServer((_request, response) => {
      requests += 1;
      response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feed);
    });
    await new Promise<void>((resolve) => target.listen(0, '0.0.0.0', resolve));
    port = (target.address() as { port: number }).port;
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => target?.close(resolve));
    await t?.close();
  });

  it('is refused with the message, and never asked', async () => {
    const token = await t.login('director@masthead.local');
    const addresses = ownAddresses().filter((address) => address.includes('.'));
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) {
      const { status, body } = await t.request('POST', '/api/podcasts/feeds', { token, body: { url: `http://${address}:${port}/feed.xml` } });
      expect({ address, status, message: body.details?.[0]?.message }).toEqual({ address, status: 422, message: privateAddressMessage });
    }
    expect(requests).toBe(0);
  });
});
