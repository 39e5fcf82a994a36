import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0-2.2 levels A and AA: what the product is held to. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core run on the page as it stands (an open dialog included): each serious or critical violation
 * as `rule (impact): element - help`, so a failing test names what to fix. Minor and moderate findings
 * are left to review. Browser tests call it on every page and dialog they open and expect [].
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  // Legacy mode runs axe once in the page instead of per frame and then again in a blank page to merge
  // (the product has no frames), and only violations come back with their nodes: on the Documents tab
  // (2,700 elements) that is 2.3 s instead of 18. `options` first: it replaces what `withTags` set.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} - ${v.help}`));
}

/** Throws, naming the place and each violation, when `accessibilityViolations` finds any. */
export async function assertAccessible(page: Page, where: string): Promise<void> {
  const violations = await accessibilityViolations(page);
  if (violations.length) throw new Error(`${where}: ${violations.length} serious or critical accessibility violation(s):\n${violations.join('\n')}`);
}

/**
 * Waits for every finite CSS transition and animation to end. A button that React reuses from a busy
 * state fades to its own colours over 150 ms; axe measuring it mid-fade reported a contrast failure
 * that no user sees once it settles. Endless ones (spinners, skeletons) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
