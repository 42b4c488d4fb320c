/**
 * The scanner's page side against Chromium's stand-in camera (a real stream, real tracks, a playing video) and the
 * real recognition worker. Refusal, a missing and a busy camera are getUserMedia failing as a browser does.
 */
import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { lockNow } from '../../src/state/auto-lock';
import { holdScanned } from '../../src/state/drafts';
import { createPin } from '../../src/state/pin-changes';
import { appState } from '../../src/state/store';
import samplePhoto from '../fixtures/scan-sample/card-0000.jpg?url';
/** A photo of a card whose printed number fails the Luhn check (labels.json: card-0028, OCR-A). */
import failingPhoto from '../fixtures/scan-sample/card-0028.jpg?url';
import { expectNoAxeViolations } from '../support/axe';
import { cameraFails, noCamera, setTabHidden, watchCamera } from '../support/camera';
import { renderApp } from '../support/render';

const SPEC_SENTENCE = 'Scanning a card with the camera is not available on the website yet.';
const allEnded = (tracks: MediaStreamTrack[]) => tracks.length > 0 && tracks.every((t) => t.readyState === 'ended');
/** What the scanner's live region says now. */
const hint = () => document.querySelector('.scanner-hint')?.textContent ?? '';
/**
 * How long a test waits for the reader's answer to a photo. The first photo starts the reader's model: about 4 s
 * alone, but beside the suite's other browser files on a loaded machine it has outlasted 30 s.
 */
const READ_WAIT = 90_000;
/** A test that waits for the reader: its read, and the steps around it. */
const READ_TIMEOUT = READ_WAIT + 30_000;
const video = () => document.querySelector<HTMLVideoElement>('video.scanner-video');

async function scannerLive(): Promise<void> {
  await expect.element(page.getByRole('heading', { name: 'Scan Card', level: 1 })).toBeVisible();
  await expect.poll(() => (video()?.readyState ?? 0) >= HTMLMediaElement.HAVE_CURRENT_DATA).toBe(true);
  await expect.poll(() => video()?.paused).toBe(false);
}

describe('/add', () => {
  test('with a camera, offers Scan card first and manual entry beside it', async () => {
    await renderApp('/add');
    const scan = page.getByRole('link', { name: 'Scan card' });
    await expect.element(scan).toBeVisible();
    const links = page.getByRole('link', { name: /^(Scan card|Add card manually)$/ }).elements();
    expect(links.map((link) => link.textContent)).toEqual(['Scan card', 'Add card manually']);
    expect(document.body.textContent).not.toContain(SPEC_SENTENCE);
    await expectNoAxeViolations();
    await scan.click();
    await expect.poll(() => window.location.pathname).toBe('/add/scan');
    await scannerLive();
  });

  for (const api of [true, false]) {
    test(`without ${api ? 'a camera' : 'the media devices API'}, keeps SPEC's explanation and only manual entry`, async () => {
      noCamera({ api });
      await renderApp('/add');
      await expect.element(page.getByText(SPEC_SENTENCE)).toBeVisible();
      await expect.element(page.getByRole('link', { name: 'Add card manually' })).toBeVisible();
      expect(page.getByRole('link', { name: 'Scan card' }).elements()).toHaveLength(0);
      await expectNoAxeViolations();
    });
  }
});

describe('the scanner', () => {
  test('opens the rear camera, plays it inside a card guide, hints, and stops every track on leaving', async () => {
    const camera = watchCamera();
    await renderApp('/add/scan');
    await scannerLive();
    expect(camera.asked[0]?.video).toMatchObject({ facingMode: { ideal: 'environment' } });
    expect(camera.asked[0]?.audio).toBe(false);
    expect(document.querySelector('.scanner-guide')).not.toBeNull();
    // The temporary reader finds no card in the test pattern: the first hint.
    await expect.poll(hint).toBe('Hold your card inside the frame');
    // The stand-in camera has no torch, so no switch.
    expect(page.getByRole('button', { name: 'Torch' }).elements()).toHaveLength(0);
    await expectNoAxeViolations();

    await page.getByRole('link', { name: 'Add card manually' }).click();
    await expect.poll(() => window.location.pathname).toBe('/add/editor');
    // The editor opens as a transition: the scanner stays until the form is built, and lets the camera go as it goes.
    await expect.poll(() => allEnded(camera.tracks())).toBe(true);
  });

  test('offers a torch switch where the camera has a torch, showing what the camera did', async () => {
    const camera = watchCamera({ torch: true });
    await renderApp('/add/scan');
    await scannerLive();
    const torch = page.getByRole('button', { name: 'Torch' });
    await expect.element(torch).toHaveAttribute('aria-pressed', 'false');
    // The stand-in camera says it has a torch here but refuses to light one: the switch stays off.
    await torch.click();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect.element(torch).toHaveAttribute('aria-pressed', 'false');
    await expectNoAxeViolations();
    await page.getByRole('link', { name: 'Add card manually' }).click();
    await expect.poll(() => allEnded(camera.tracks())).toBe(true);
  });

  test('going Back stops the camera too', async () => {
    const camera = watchCamera();
    await renderApp('/add/scan');
    await scannerLive();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect.poll(() => window.location.pathname).toBe('/add');
    expect(allEnded(camera.tracks())).toBe(true);
  });

  test('lets the camera go while the tab is hidden and takes it again on return', async () => {
    const camera = watchCamera();
    await renderApp('/add/scan');
    await scannerLive();
    setTabHidden(true);
    await expect.poll(() => allEnded(camera.tracks())).toBe(true);
    await expect.element(page.getByText('The camera is off while Sleeve is not on screen.')).toBeVisible();
    setTabHidden(false);
    await expect.poll(() => camera.tracks().filter((track) => track.readyState === 'live')).toHaveLength(1);
    await scannerLive();
  });

  test('after 15 s without a number, the hint says what else to try; nothing is filled', {
    timeout: 40_000,
  }, async () => {
    const camera = watchCamera();
    await renderApp('/add/scan');
    await scannerLive();
    await expect.poll(hint).toBe('Hold your card inside the frame');
    await expect.poll(hint, { timeout: 25_000 }).toMatch(/^No card has been read yet\./);
    expect(hint()).toContain('choose a photo, or add the card manually');
    expect(window.location.pathname).toBe('/add/scan');
    expect(camera.tracks().filter((track) => track.readyState === 'live')).toHaveLength(1);
    await expectNoAxeViolations();
  });

  test('locking mid-scan stops every track before the unlock screen', async () => {
    const camera = watchCamera();
    await renderApp('/add/scan');
    await createPin('274951');
    await scannerLive();
    await lockNow();
    await expect.poll(() => appState.locked).toBe(true);
    await expect.poll(() => allEnded(camera.tracks())).toBe(true);
    await expect.element(page.getByText('Unlock using your PIN.')).toBeVisible();
  });

  test('refused: says how to allow the camera, and offers Try again, a photo and manual entry', async () => {
    cameraFails('NotAllowedError');
    await renderApp('/add/scan');
    await expect.poll(hint).toMatch(/allow the camera for this site in your browser's site settings/);
    await expect.element(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect.element(page.getByText('Choose a photo', { exact: true })).toBeVisible();
    await expect.element(page.getByRole('link', { name: 'Add card manually' })).toBeVisible();
    await expectNoAxeViolations();
  });

  const problems = [
    ['NotFoundError', /No camera was found on this device/],
    ['OverconstrainedError', /No camera was found on this device/],
    ['NotReadableError', /The camera is in use by another app or tab/],
  ] as const;
  for (const [name, says] of problems) {
    test(`${name}: says what happened, with a photo and manual entry offered`, async () => {
      cameraFails(name);
      await renderApp('/add/scan');
      await expect.poll(hint).toMatch(says);
      await expect.element(page.getByLabelText('Choose a photo')).toBeInTheDocument();
      await expect.element(page.getByRole('link', { name: 'Add card manually' })).toBeVisible();
      await expectNoAxeViolations();
    });
  }

  test(
    'a photo whose printed number fails its checksum fills nothing, and a file that is no photo says so',
    async () => {
      cameraFails('NotFoundError');
      await renderApp('/add/scan');
      const input = page.getByLabelText('Choose a photo');
      await expect.element(input).toHaveAttribute('accept', 'image/*');
      await expect.element(input).toHaveAttribute('capture', 'environment');
      const photo = await (await fetch(failingPhoto)).blob();
      await userEvent.upload(input, new File([photo], 'card.jpg', { type: 'image/jpeg' }));
      // Said only once the worker has read the photo: a card, a number, but not one a card can carry.
      await expect
        .poll(hint, { timeout: READ_WAIT })
        .toMatch(
          'No card number could be read from that photo. Choose a sharp photo of the whole card front, or add the card manually.',
        );
      expect(window.location.pathname).toBe('/add/scan');
      await expectNoAxeViolations();

      await userEvent.upload(input, new File(['not a picture'], 'notes.jpg', { type: 'image/jpeg' }));
      await expect.poll(hint).toMatch(/could not be opened as a photo/);
    },
    READ_TIMEOUT,
  );
});

describe('the editor', () => {
  test('offers scanning, and coming back keeps what was typed', async () => {
    const camera = watchCamera();
    await renderApp('/add/editor');
    await page.getByLabelText('Cardholder').fill('Ada Lovelace');
    await page.getByLabelText('Issuer').fill('Test Bank');
    await page.getByRole('button', { name: 'Scan card' }).click();
    await expect.poll(() => window.location.pathname).toBe('/add/scan');
    await scannerLive();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect.poll(() => window.location.pathname).toBe('/add/editor');
    await expect.element(page.getByLabelText('Cardholder')).toHaveValue('Ada Lovelace');
    await expect.element(page.getByLabelText('Issuer')).toHaveValue('Test Bank');
    await expect.poll(() => allEnded(camera.tracks())).toBe(true);
  });

  test(
    'a photo chosen from the editor fills in what it read and keeps what was typed',
    async () => {
      cameraFails('NotFoundError');
      await renderApp('/add/editor');
      await page.getByLabelText('Issuer').fill('Test Bank');
      await page.getByRole('button', { name: 'Scan card' }).click();
      await expect.poll(() => window.location.pathname).toBe('/add/scan');
      const photo = await (await fetch(samplePhoto)).blob();
      await userEvent.upload(
        page.getByLabelText('Choose a photo'),
        new File([photo], 'card.jpg', { type: 'image/jpeg' }),
      );
      await expect.poll(() => window.location.pathname, { timeout: READ_WAIT }).toBe('/add/editor');
      // card-0000.jpg: a Mastercard, embossed OCR-B (tests/fixtures/scan-sample/labels.json).
      await expect.element(page.getByLabelText('Card number')).toHaveValue('5318 4569 0991 7411');
      await expect.element(page.getByLabelText('Network')).toHaveValue('MASTERCARD');
      await expect.element(page.getByLabelText('Expiry')).toHaveValue('06/32');
      await expect.element(page.getByLabelText('Issuer')).toHaveValue('Test Bank');
      await expect
        .element(page.getByRole('status').filter({ hasText: /Check the number, expiry and name/ }))
        .toBeVisible();
      await expectNoAxeViolations();
    },
    READ_TIMEOUT,
  );

  test('opens after a read with the number grouped, the network, expiry and name filled in, and a note', async () => {
    await renderApp('/add');
    holdScanned({ number: '378282246310005', network: 'AMEX', expiry: '09/31', cardholder: 'GRACE HOPPER' });
    await page.getByRole('link', { name: 'Add card manually' }).click();
    await expect.element(page.getByLabelText('Card number')).toHaveValue('3782 822463 10005');
    await expect.element(page.getByLabelText('Network')).toHaveValue('AMEX');
    await expect.element(page.getByLabelText('Expiry')).toHaveValue('09/31');
    await expect.element(page.getByLabelText('Cardholder')).toHaveValue('GRACE HOPPER');
    await expect
      .element(page.getByRole('status').filter({ hasText: /Check the number, expiry and name/ }))
      .toBeVisible();
    await expectNoAxeViolations();
  });
});
