/**
 * Which browser's way of installing Sleeve to put first on the how-to screen. Read loosely from the user agent: a
 * wrong guess only changes the order, since every browser's way is shown.
 */
export const INSTALL_GUIDES = ['safari-ios', 'safari-mac', 'chromium', 'firefox'] as const;
export type InstallGuide = (typeof INSTALL_GUIDES)[number];

export function likelyGuide(userAgent: string): InstallGuide | null {
  // Every browser on an iPhone or iPad adds to the Home Screen through the Share sheet, as Safari does.
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'safari-ios';
  if (/Firefox\//.test(userAgent)) return 'firefox';
  // Edge and Opera name Chrome too; Chrome names Safari, so it is looked for first.
  if (/Chrome\/|Chromium\/|Edg\//.test(userAgent)) return 'chromium';
  if (/Macintosh/.test(userAgent) && /Safari\//.test(userAgent)) return 'safari-mac';
  return null;
}

/** Every guide, the likely one first and the rest in their usual order. */
export function guideOrder(userAgent: string): InstallGuide[] {
  const first = likelyGuide(userAgent);
  return first === null ? [...INSTALL_GUIDES] : [first, ...INSTALL_GUIDES.filter((guide) => guide !== first)];
}
