/**
 * Accessibility check of what is rendered, with axe-core in the real browser: the WCAG 2.0, 2.1 and 2.2 A and AA
 * rules and axe's best practices, so a screen with a nameless control, a broken ARIA reference, an invalid list or
 * text below contrast fails its test. The same tags as the end-to-end walk (tests/e2e/a11y-walk.test.ts).
 */
import axe from 'axe-core';
import { expect } from 'vitest';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Fails with each broken rule (id, impact), the elements that break it and why; passes when axe finds nothing.
 * Checks the whole document unless given a part of it, so an open dialog and the toast are checked with the screen.
 */
export async function expectNoAxeViolations(context: Element | Document = document): Promise<void> {
  // A toast or sheet still fading in would be measured mid-fade, its text below contrast for a moment. (A spinner
  // turns for ever, and is left turning.)
  const ending = document
    .getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
  await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  const results = await axe.run(context, {
    runOnly: { type: 'tag', values: AXE_TAGS },
    resultTypes: ['violations'],
  });
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'unknown'}) at ${node.target.join(' ')}: ${(node.failureSummary ?? violation.help).replace(/\s+/g, ' ')}`,
    ),
  );
  expect(found).toEqual([]);
}
