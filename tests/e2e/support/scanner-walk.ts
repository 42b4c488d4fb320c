/** The accessibility walk's steps through the scanner (tests/e2e/a11y-walk.test.ts), from Add Card with a camera. */
import type { Page } from 'playwright';

/**
 * The scanner from Add Card: scanning with the stand-in camera, then starting (a camera that never answers),
 * refused and no camera (getUserMedia failing as a browser does). Ends on the scanner with the real camera back.
 */
export async function walkScanner(page: Page, audit: (state: string) => Promise<void>): Promise<void> {
  const heading = (name: string) => page.getByRole('heading', { name, level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Scan card' }).click();
  await heading('Scan Card');
  await page.getByText('Hold your card inside the frame').waitFor();
  await audit('Scanner, scanning');
  const states = [
    ['starting', '', 'Starting the camera…'],
    ['refused', 'NotAllowedError', 'Sleeve may not use the camera.'],
    ['no camera', 'NotFoundError', 'No camera was found on this device.'],
  ] as const;
  for (const [state, error, says] of states) {
    await page.getByRole('link', { name: 'Back' }).click();
    await heading('Add Card');
    await page.evaluate((name) => {
      navigator.mediaDevices.getUserMedia = () =>
        name ? Promise.reject(new DOMException('', name)) : new Promise<MediaStream>(() => undefined);
    }, error);
    await page.getByRole('link', { name: 'Scan card' }).click();
    await heading('Scan Card');
    await page.getByText(says).waitFor();
    await audit(`Scanner, ${state}`);
  }
  await page.evaluate(() => Reflect.deleteProperty(navigator.mediaDevices, 'getUserMedia'));
}
