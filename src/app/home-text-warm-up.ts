/**
 * Home's text laid out once, unseen, before the first screen shows, a part at a time. The browser looks up each font
 * a text's family, size and weight need the first time it lays that text out (on Linux each is a call to the
 * browser's own process), and without this those lookups fall in Home's first frame, at a start or after an unlock:
 * the frame a person is waiting on, all in one task, which on a slow phone made it a long one. Here each part's
 * lookups take a task of their own before storage is read and the first screen rendered, and Home's first frame
 * finds its fonts known.
 *
 * The sample is markup in index.html (`#home-text-sample`, a template, so nothing of it is laid out until it is
 * cloned): Home's own classes, so each text takes the size and weight it has there. A test holds it to the fonts
 * Home's first screen uses (tests/app/home-text-warm-up.test.ts).
 */
import { nextTask } from '../domain/next-task';

/** The parts that need a font of their own: those with text of their own, inputs, and an icon's box. */
export function partsNeedingFonts(root: Element): Element[] {
  return Array.from(root.querySelectorAll('*')).filter(
    (part) =>
      part.tagName === 'INPUT' ||
      part.firstElementChild?.tagName === 'svg' ||
      Array.from(part.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()),
  );
}

/**
 * Lays the sample out a part at a time, each in a task of its own, then takes it away: every element of it starts
 * with no box (an icon's drawing aside, which needs no font), and each part gets its box back, with those around it,
 * in its turn. Nothing to do where the page has no sample.
 */
export async function warmUpHomeText(): Promise<void> {
  const template = document.getElementById('home-text-sample');
  const sample = template instanceof HTMLTemplateElement ? template.content.firstElementChild?.cloneNode(true) : null;
  if (!(sample instanceof HTMLElement)) return;
  for (const element of sample.querySelectorAll('*')) {
    if (element instanceof HTMLElement) element.style.display = 'none';
  }
  document.body.append(sample);
  try {
    for (const part of partsNeedingFonts(sample)) {
      await nextTask();
      for (let shown: Element | null = part; shown && shown !== sample; shown = shown.parentElement) {
        if (shown instanceof HTMLElement) shown.style.removeProperty('display');
      }
      // Asking for its box lays the part out now, in this task, and looks up its fonts.
      part.getBoundingClientRect();
    }
  } finally {
    sample.remove();
  }
}
