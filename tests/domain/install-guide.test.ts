/** The how-to screen puts this browser's way of installing first and still shows every other. */
import { expect, it } from 'vitest';
import { guideOrder, INSTALL_GUIDES, likelyGuide } from '../../src/domain/install-guide';

const AGENTS = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeOnIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
};

it('guesses the browser loosely from its user agent', () => {
  expect(likelyGuide(AGENTS.iphone)).toBe('safari-ios');
  expect(likelyGuide(AGENTS.chromeOnIpad)).toBe('safari-ios');
  expect(likelyGuide(AGENTS.safariMac)).toBe('safari-mac');
  expect(likelyGuide(AGENTS.chromeMac)).toBe('chromium');
  expect(likelyGuide(AGENTS.edge)).toBe('chromium');
  expect(likelyGuide(AGENTS.firefoxAndroid)).toBe('firefox');
  expect(likelyGuide(AGENTS.firefoxLinux)).toBe('firefox');
  expect(likelyGuide('curl/8.0')).toBeNull();
});

it('lists every guide once, the likely one first', () => {
  expect(guideOrder(AGENTS.firefoxLinux)).toEqual(['firefox', 'safari-ios', 'safari-mac', 'chromium']);
  expect(guideOrder(AGENTS.safariMac)).toEqual(['safari-mac', 'safari-ios', 'chromium', 'firefox']);
  expect(guideOrder('curl/8.0')).toEqual([...INSTALL_GUIDES]);
});
