/** "Chromium 156 · 8 cores": the browser and how many threads it can run at once. */
export function describeEnvironment(): string {
  const nav = navigator as Navigator & { userAgentData?: { brands: { brand: string; version: string }[] } };
  const brand = nav.userAgentData?.brands.find((b) => !/not.?a.?brand/i.test(b.brand) && b.brand !== 'Chromium')
    ?? nav.userAgentData?.brands.find((b) => b.brand === 'Chromium');
  const browser = brand
    ? `${brand.brand} ${brand.version}`
    : (/(Firefox|Edg|Chrome|Safari)\/(\d+)/.exec(navigator.userAgent) ?? []).slice(1, 3).join(' ') || 'this browser';
  const cores = navigator.hardwareConcurrency || 1;
  return `${browser} · ${cores} ${cores === 1 ? 'core' : 'cores'}`;
}
