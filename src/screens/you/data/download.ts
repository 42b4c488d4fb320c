/**
 * Saves text as a file the person downloads: a Blob behind a temporary object URL and an <a download> clicked from
 * code. No inline script and no data: URL, so the strict Content-Security-Policy has nothing to allow.
 */
export function downloadText(text: string, fileName: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its URL; the text does not stay in memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
