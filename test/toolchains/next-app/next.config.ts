// create-next-app 16's own next.config.ts, unchanged: the package must work in the app a user
// starts from, with no serverExternalPackages and no bundler settings.
import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  /* config options here */
  cacheComponents: true,
  partialPrefetching: true,
};

export default nextConfig;
