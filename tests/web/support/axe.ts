import axe from 'axe-core';

/**
 * axe-core's WCAG 2.x A and AA rules on a rendered screen, as the browser journeys run them: the serious and
 * critical findings, each with the elements it names. jsdom has no layout, so colour contrast is left to the
 * browser journeys.
 */
export async function seriousA11yViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
