// A TCP port on 127.0.0.1 that nothing listens on now, for a server a test starts (a browser
// driver, a dev server, a Slurm daemon): the system picks it, the probe lets it go.
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : undefined;
      probe.close(() => (port === undefined ? reject(new Error('the probe got no port')) : resolve(port)));
    });
  });
}
