/**
 * Accessibility check of what is rendered, with axe-core in the real browser: every rule axe can decide, so a
 * screen with a nameless control, a broken ARIA reference or text below contrast fails its test.
 */
import axe from 'axe-core';
import { expect } from 'vitest';

/** Fails with each broken rule, the elements that break it and why; passes when axe finds nothing. */
export async function expectNoAxeViolations(context: Element = document.body): Promise<void> {
  const results = await axe.run(context, { resultTypes: ['violations'] });
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} at ${node.target.join(' ')}: ${node.failureSummary ?? violation.help}`,
    ),
  );
  expect(found).toEqual([]);
}
