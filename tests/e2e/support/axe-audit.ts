/**
 * The accessibility walk's audit (tests/e2e/a11y-walk.test.ts): axe-core run in the page over what is showing now,
 * in the light and the dark scheme, at the default width and at 320 px, each violation kept as a line that names the
 * state, scheme and width it was found in. The dark scheme is checked by the rules its colours can change.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const SCHEMES = ['light', 'dark'] as const;
const WIDTHS = [
  { name: 'default', width: 1280, height: 720 },
  { name: '320px', width: 320, height: 640 },
] as const;

interface Finding {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

/**
 * The rules whose outcome a colour scheme can change: the schemes differ only in colours (src/styles: custom
 * properties under `prefers-color-scheme`), so every other rule gives in the dark what it gave in the light.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** `rules`: every rule of TAGS, or only the colour rules. */
async function runAxe(page: Page, rules: 'all' | 'colour'): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const runOnly = rules === 'all' ? { type: 'tag', values: TAGS } : { type: 'rule', values: COLOUR_RULES };
  return page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    // The Firebase SDK's own hidden helper frame for sign-in is not Sleeve's to title.
    const context = { exclude: [['iframe[src*="auth/iframe"]']] };
    const results = await axe.run(context, {
      runOnly: only as import('axe-core').RunOnly,
      resultTypes: ['violations'],
      elementRef: true,
    });
    /**
     * A target covered only by the page's sticky header or the fixed bottom navigation at the scroll position the
     * walk left: a person scrolls it clear (the page's scroll padding leaves room for that), so it is not counted.
     * Covered by anything else, it is.
     */
    const onlyUnderNavigation = (node: (typeof results.violations)[number]['nodes'][number]): boolean => {
      const covering = [...node.any, ...node.all, ...node.none].flatMap((check) => check.relatedNodes ?? []);
      return covering.length > 0 && covering.every((related) => related.element?.closest('.page-header, .bottom-nav'));
    };
    return results.violations
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? 'unknown',
        help: violation.help,
        nodes: violation.nodes
          .filter((node) => violation.id !== 'target-size' || !onlyUnderNavigation(node))
          .map((node) => ({
            target: node.target.join(' '),
            summary: (node.failureSummary ?? '').replace(/\s+/g, ' '),
          })),
      }))
      .filter((violation) => violation.nodes.length > 0);
  }, runOnly);
}

/** What the walk checked, and every violation it found there. */
export class Audit {
  readonly visited: string[] = [];
  readonly found: string[] = [];

  constructor(private readonly page: Page) {}

  /** Checks what is showing now in both schemes and both widths, then leaves the page light and wide. */
  async check(state: string): Promise<void> {
    const { page } = this;
    this.visited.push(state);
    for (const { name, width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      for (const colorScheme of SCHEMES) {
        await page.emulateMedia({ colorScheme });
        // One frame for the new styles to apply before contrast is measured.
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
        // The light scheme gets every rule at each width (a narrow layout can show, hide or crowd elements); the dark
        // one, the rules its colours can change.
        for (const violation of await runAxe(page, colorScheme === 'light' ? 'all' : 'colour')) {
          for (const node of violation.nodes) {
            this.found.push(
              `${state} [${colorScheme}, ${name}] ${violation.id} (${violation.impact}) at ${node.target}: ${node.summary || violation.help}`,
            );
          }
        }
      }
    }
    await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });
    await page.emulateMedia({ colorScheme: 'light' });
  }
}
