/**
 * The page's Trusted Types policy lets a string become a script URL only where it belongs: this site's files for
 * workers and the service worker, Google's loader exactly as Firebase asks for it for a script element.
 */
import { expect, it } from 'vitest';
import { scriptUrlAllowed } from '../../src/domain/script-urls';

const PAGE = 'https://sleeve.example';

it("lets workers and the service worker start from this site's own files only", () => {
  for (const sink of ['Worker constructor', 'ServiceWorkerContainer register']) {
    expect(scriptUrlAllowed('https://sleeve.example/assets/index-abc.js', sink, PAGE)).toBe(true);
    expect(scriptUrlAllowed('/sw.js', sink, PAGE)).toBe(true);
    expect(scriptUrlAllowed('https://other.example/worker.js', sink, PAGE)).toBe(false);
    expect(scriptUrlAllowed('http://sleeve.example/sw.js', sink, PAGE)).toBe(false);
    // Same origin by name, but made in the page: never a file the site serves.
    expect(scriptUrlAllowed('blob:https://sleeve.example/5c1f0e3a', sink, PAGE)).toBe(false);
    expect(scriptUrlAllowed('data:text/javascript,postMessage(1)', sink, PAGE)).toBe(false);
    expect(scriptUrlAllowed('javascript:alert(1)', sink, PAGE)).toBe(false);
  }
});

it("lets a script element load Google's loader exactly as the Firebase SDK asks for it, and nothing else", () => {
  const sink = 'HTMLScriptElement src';
  expect(scriptUrlAllowed('https://apis.google.com/js/api.js?onload=__iframefcb0', sink, PAGE)).toBe(true);
  expect(scriptUrlAllowed('https://apis.google.com/js/api.js?onload=__iframefcb999999', sink, PAGE)).toBe(true);
  for (const refused of [
    'https://apis.google.com/js/api.js',
    'https://apis.google.com/js/api.js?onload=alert',
    'https://apis.google.com/js/api.js?onload=__iframefcb1&jsh=m;/_/scs/x',
    'https://apis.google.com/js/api.js?onload=__iframefcb1#x',
    'https://apis.google.com/js/platform.js?onload=__iframefcb1',
    'https://apis.google.com.evil.example/js/api.js?onload=__iframefcb1',
    'https://sleeve.example/assets/index-abc.js',
    '/assets/index-abc.js',
  ]) {
    expect(scriptUrlAllowed(refused, sink, PAGE), refused).toBe(false);
  }
});

it("refuses this site's files anywhere but a worker, and throws on what is no URL at all", () => {
  expect(scriptUrlAllowed('https://sleeve.example/assets/a.js', 'SharedWorker constructor', PAGE)).toBe(true);
  expect(scriptUrlAllowed('https://sleeve.example/assets/a.js', 'SVGScriptElement href', PAGE)).toBe(false);
  expect(scriptUrlAllowed('https://sleeve.example/assets/a.js', String(undefined), PAGE)).toBe(false);
  expect(() => scriptUrlAllowed('http://[', 'Worker constructor', PAGE)).toThrow();
});
