/**
 * The files the app hands the person to download, caught as they are clicked: the <a download> the app creates is
 * clicked from code, so a listener that sees the click first reads the file behind its object URL and stops the
 * browser from saving it anywhere. Nothing of the app is replaced; this only watches what it does.
 */
import { expect, onTestFinished } from 'vitest';

export interface Downloaded {
  name: string;
  text: string;
}

export function catchDownloads() {
  const files: Promise<Downloaded>[] = [];
  const onClick = (event: MouseEvent) => {
    const link = event.target;
    if (!(link instanceof HTMLAnchorElement) || !link.hasAttribute('download')) return;
    event.preventDefault();
    // Fetched now, while the click is handled: the app revokes the URL right after.
    const name = link.download;
    files.push(
      fetch(link.href)
        .then((response) => response.text())
        .then((text) => ({ name, text })),
    );
  };
  document.addEventListener('click', onClick, true);
  onTestFinished(() => document.removeEventListener('click', onClick, true));
  return {
    count: () => files.length,
    /** The next file downloaded, once there is one. */
    async next(): Promise<Downloaded> {
      await expect.poll(() => files.length).toBeGreaterThan(0);
      return (await files.shift()) as Downloaded;
    },
  };
}
