import { describe, expect, it } from 'vitest';
import { EMAIL_PLACEHOLDERS, type EmailKind } from '../../../../core/schemas/email/email';
import type { ParameterDefinition } from '../../../../core/schemas/lenses';
import {
  consultAnsweredValues,
  consultReceivedValues,
  lensSummary,
} from '../../../../lambdas/email/consult-email-values';
import { DEFAULT_TEMPLATES } from '../../../../lambdas/email/default-templates';
import { placeholdersIn, renderTemplate } from '../../../../lambdas/email/render-template';
import { aConsult, aPublicConsult, withAnswer } from '../../../support/consult-fixtures';
import { numberParameter, optionParameter } from '../../../support/lens-parameters';

const SCRIPT = '<script>alert(1)</script>';
const portalUrl = 'https://portal.test';

/** Each consult email's values with a hostile value wherever the requester's text reaches it. */
const HOSTILE: Record<string, () => Record<string, string>> = {
  'consult-received': () =>
    consultReceivedValues(
      aConsult({
        patient: SCRIPT,
        question: SCRIPT,
        requester: { name: SCRIPT, email: 'a@b.test', practiceName: SCRIPT },
      }),
      { portalUrl },
    ),
  'consult-answered': () =>
    consultAnsweredValues(withAnswer(aConsult({ patient: SCRIPT, question: SCRIPT }), SCRIPT), { portalUrl }),
};
const CONSULT_KINDS = Object.keys(HOSTILE) as EmailKind[];

describe('consult email templates', () => {
  it.each(CONSULT_KINDS)('%s: the values fill every placeholder the built-in text and the preview use', (kind) => {
    const values = HOSTILE[kind]!();
    const template = DEFAULT_TEMPLATES[kind];
    expect(placeholdersIn(template.subject + template.body).filter((name) => !(name in values))).toEqual([]);
    // The preview's sample values name exactly what the email fills.
    expect(Object.keys(EMAIL_PLACEHOLDERS[kind]).sort()).toEqual(Object.keys(values).sort());
  });

  it('a visitor’s answer fills the same placeholders as a practice’s (the preview stays true for both)', () => {
    const visitor = consultAnsweredValues(withAnswer(aPublicConsult()), { portalUrl });
    expect(Object.keys(visitor).sort()).toEqual(Object.keys(EMAIL_PLACEHOLDERS['consult-answered']).sort());
    expect(visitor['consultLink']).toBe('');
  });

  it.each(CONSULT_KINDS)('%s: a <script> from the requester is escaped in the HTML part', (kind) => {
    const rendered = renderTemplate(DEFAULT_TEMPLATES[kind], HOSTILE[kind]!());
    expect(rendered.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(rendered.html).not.toContain('<script');
    expect(rendered.subject + rendered.text).toContain(SCRIPT);
  });

  it.each(CONSULT_KINDS)('%s: the preview renders with its sample values, nothing left unfilled', (kind) => {
    const rendered = renderTemplate(DEFAULT_TEMPLATES[kind], EMAIL_PLACEHOLDERS[kind]);
    expect(rendered.subject + rendered.text).not.toMatch(/\{\{/);
    expect(rendered.html).toMatch(/<a href="https:\/\/portal\.example\/(customer|admin)\/consults\//);
  });

  it('the lab’s link is its consult page; the practice’s is its own, with the id escaped', () => {
    const consult = aConsult();
    expect(consultReceivedValues(consult, { portalUrl })['consultLink']).toBe(
      `${portalUrl}/admin/consults/${consult.consultId}`,
    );
    expect(consultAnsweredValues(withAnswer(consult), { portalUrl })['consultLink']).toBe(
      `${portalUrl}/customer/consults/${consult.consultId}`,
    );
  });
});

describe('lensSummary: the proposed lens on one line', () => {
  const defs: ParameterDefinition[] = [
    numberParameter('diameter', 'Diameter', 'mm', 15, 18, 0.5),
    optionParameter('landingZone', 'Landing zone', [['toric', 'Toric']]),
    numberParameter('landing6', 'Landing at 6', 'um', -200, 200, 50, false),
  ];

  it('reads values as the order views do, in the design’s order: units, step decimals, option labels', () => {
    expect(lensSummary('Ampleye', { landing6: -50, landingZone: 'toric', diameter: 16 }, defs)).toBe(
      'Ampleye: Diameter 16.0 mm, Landing zone Toric, Landing at 6 -50 µm',
    );
  });

  it('keys the design does not define are still listed, by key; none at all says so', () => {
    expect(lensSummary('Ampleye', { diameter: 16, extra: 3 }, defs)).toBe('Ampleye: Diameter 16.0 mm, extra 3');
    expect(lensSummary('Ampleye', {})).toBe('Ampleye: no parameters given');
  });
});
