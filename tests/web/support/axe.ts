import axe from 'axe-core';

/**
 * Every rule axe-core runs by default (WCAG 2.0 to 2.2 A and AA, 2.5.3 Label in Name among them, and the best
 * practices) on a rendered screen, as the browser journeys run them: the serious and critical findings, each with
 * the elements it names. jsdom has no layout, so color contrast is left to the browser journeys.
 */
export async function seriousA11yViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, {
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
