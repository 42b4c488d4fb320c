/**
 * Home's fonts are looked up before its first frame (src/app/home-text-warm-up.ts), from the sample in index.html: it
 * must need every font Home's first screen does, or the lookups it misses fall back into that frame; and it must
 * never be seen, read out or in the way, and leave nothing behind.
 */
import { afterEach, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import indexHtml from '../../index.html?raw';
import { partsNeedingFonts, warmUpHomeText } from '../../src/app/home-text-warm-up';
import { createPin } from '../../src/state/pin-changes';
import { expiryIn, makeCard, renderApp } from '../support/render';

/** Every kind of row: each network's label or none, an expiry with each flag or none. */
const cards = [
  makeCard({ issuer: 'First Bank', network: 'VISA', expiry: expiryIn(-2) }),
  makeCard({ issuer: 'Second Bank', network: 'MASTERCARD', expiry: expiryIn(1) }),
  makeCard({ issuer: 'Third Bank', network: 'OTHER', expiry: expiryIn(30) }),
  makeCard({ issuer: 'Fourth Bank', network: 'AMEX', number: '378282246310005', expiry: '' }),
];

/** index.html's sample template, put in this page as the app's page has it. */
function addTemplate(): HTMLTemplateElement {
  const parsed = new DOMParser().parseFromString(indexHtml, 'text/html').getElementById('home-text-sample');
  if (!(parsed instanceof HTMLTemplateElement)) throw new Error('index.html has no #home-text-sample template');
  const template = document.importNode(parsed, true);
  document.body.append(template);
  return template;
}

afterEach(() => document.getElementById('home-text-sample')?.remove());

/** Each font the parts need, as the browser resolves it: style, weight, size and family. */
function fontsOf(parts: Element[]): Set<string> {
  return new Set(
    parts.map((part) => {
      const style = getComputedStyle(part);
      return `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    }),
  );
}

test("the sample needs every font Home's first screen uses, 'Lock now' included", async () => {
  await renderApp('/home', { cards });
  await createPin('274951');
  await expect.element(page.getByRole('button', { name: 'Lock now' })).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Expiring first' })).toBeVisible();
  const homeFonts = fontsOf([...document.querySelectorAll('.page, .bottom-nav')].flatMap(partsNeedingFonts));
  // The title, the search box, the sort button, the card faces' parts, the tabs and their icons: not one or two.
  expect(homeFonts.size).toBeGreaterThanOrEqual(8);

  const sample = addTemplate().content.firstElementChild?.cloneNode(true) as Element;
  document.body.append(sample);
  try {
    const sampleFonts = fontsOf(partsNeedingFonts(sample));
    expect([...homeFonts].filter((font) => !sampleFonts.has(font))).toEqual([]);
  } finally {
    sample.remove();
  }
});

test('laid out a part at a time, unseen and out of the way, and gone once done', async () => {
  await renderApp('/home', { cards });
  const link = page.getByRole('link', { name: /^First Bank Visa ending 1111, / });
  await expect.element(link).toBeVisible();
  link.element().scrollIntoView({ block: 'center' });
  const box = link.element().getBoundingClientRect();
  addTemplate();
  const bodyChildren = document.body.children.length;

  /** What each task of the warm-up left: how many of its parts were laid out, and how the sample stood. */
  const steps: {
    laidOut: number;
    height: number;
    visibility: string;
    hidden: string | null;
    focusable: number;
    tapMeets: Element | null | undefined;
  }[] = [];
  const observer = new MutationObserver(() => {
    const sample = document.body.querySelector<HTMLElement>(':scope > .home-text-warm-up');
    if (!sample) return;
    const parts = partsNeedingFonts(sample);
    steps.push({
      // A part not laid out yet has no box at all.
      laidOut: parts.filter((part) => part.getClientRects().length > 0).length,
      height: sample.getBoundingClientRect().height,
      visibility: getComputedStyle(sample).visibility,
      hidden: sample.getAttribute('aria-hidden'),
      focusable: sample.querySelectorAll('input:not(:disabled), button, a[href], [tabindex]').length,
      // What a tap on a card's row meets.
      tapMeets: document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('a'),
    });
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  try {
    await warmUpHomeText();
  } finally {
    observer.disconnect();
  }

  // One more part laid out in each task, from none to all of them (the title, the box, the button, the card's seven
  // texts, the tab's icon and label, 'Lock now').
  const counts = steps.map((step) => step.laidOut);
  expect(counts).toEqual(counts.map((_, index) => index));
  expect(counts.length).toBeGreaterThanOrEqual(13);
  for (const step of steps) {
    expect(step).toMatchObject({ height: 0, visibility: 'hidden', hidden: 'true', focusable: 0 });
    expect(step.tapMeets).toBe(link.element());
  }
  expect(document.querySelector('.home-text-warm-up')).toBeNull();
  expect(document.body.children.length).toBe(bodyChildren);
});

test('without a sample in the page, it leaves the page as it was', async () => {
  const bodyChildren = document.body.children.length;
  await expect(warmUpHomeText()).resolves.toBeUndefined();
  expect(document.querySelector('.home-text-warm-up')).toBeNull();
  expect(document.body.children.length).toBe(bodyChildren);
});
