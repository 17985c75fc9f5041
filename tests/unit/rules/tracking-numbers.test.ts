import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARRIER_LABELS,
  CARRIERS,
  checkTrackingNumber,
  detectCarrier,
  exampleTrackingNumber,
  normalizeTrackingNumber,
  TRACKING_MESSAGES,
  trackingUrl,
  type Carrier,
} from '../../../core/rules/tracking-numbers';
import { shipmentTrackingSchema } from '../../../core/schemas/tracking-numbers';

/**
 * Tracking numbers the lab records on shipping: a number is accepted for a carrier when it has one of that
 * carrier's shapes and, where the shape has one, its check digit matches; it is stored without spaces or
 * dashes, upper-case. The valid examples are the carriers' published sample and test numbers.
 */

const VALID: Record<string, { carrier: Carrier; numbers: string[] }> = {
  'UPS 1Z (mod 10, letters mapped as UPS does)': {
    carrier: 'ups',
    numbers: [
      '1Z999AA10123456784',
      '1Z5R89390357567127',
      '1Z879E930346834440',
      '1Z410E7W0392751591',
      '1Z12345E6605272234',
    ],
  },
  'FedEx Express 12 digits (weights 1, 3, 7 mod 11)': {
    carrier: 'fedex',
    numbers: ['986578788855', '477179081230', '799531274483', '790535312317', '974367662710', '123456789012'],
  },
  'FedEx Ground 15 digits (GS1 mod 10)': {
    carrier: 'fedex',
    numbers: ['041441760228964', '568283610012000', '568283610012734'],
  },
  'FedEx Ground 22 digits starting 96 (shape only)': {
    carrier: 'fedex',
    numbers: ['9611020987654312345672', '9612345678901234567897'],
  },
  'USPS 20 digits (GS1 mod 10, with or without the 91 it stands for)': {
    carrier: 'usps',
    numbers: ['03071790000523483741', '71123456789123456787', '71969010756003077385'],
  },
  'USPS IMpb 22 digits starting 9 (GS1 mod 10)': {
    carrier: 'usps',
    numbers: [
      '9505511069605048600624',
      '9101123456789000000013',
      '9400111201080805483016',
      '9361289878700317633795',
      '9405803699300124287899',
    ],
  },
  'USPS S10 international (mod 11, US)': { carrier: 'usps', numbers: ['RB123456785US', 'EE123456785US'] },
};

/** One digit changed from a valid number: each must fail its check digit. */
const BAD_CHECK_DIGIT: Record<string, { carrier: Carrier; number: string }> = {
  'UPS 1Z': { carrier: 'ups', number: '1Z999AA10123456785' },
  'UPS, all ones': { carrier: 'ups', number: '1Z1111111111111111' },
  'FedEx 12': { carrier: 'fedex', number: '996578788855' },
  'FedEx 15': { carrier: 'fedex', number: '568283610012732' },
  'USPS 20': { carrier: 'usps', number: '03071790000523483742' },
  'USPS 22': { carrier: 'usps', number: '9200000000000000000000' },
  'USPS S10': { carrier: 'usps', number: 'RB123456786US' },
};

describe('valid tracking numbers', () => {
  for (const [shape, { carrier, numbers }] of Object.entries(VALID)) {
    it(`${shape} are ${CARRIER_LABELS[carrier]} numbers, accepted for it and detected without a carrier`, () => {
      for (const number of numbers) {
        expect(checkTrackingNumber(carrier, number)).toEqual({ ok: true, carrier, number });
        expect(detectCarrier(number)).toBe(carrier);
        expect(checkTrackingNumber(undefined, number)).toEqual({ ok: true, carrier, number });
      }
    });
  }

  it("each carrier's example number passes its own check (placeholders and demo data)", () => {
    for (const carrier of CARRIERS) {
      const number = exampleTrackingNumber(carrier);
      expect(checkTrackingNumber(carrier, number)).toEqual({ ok: true, carrier, number });
      expect(detectCarrier(number)).toBe(carrier);
    }
  });
});

describe('refused tracking numbers', () => {
  for (const [shape, { carrier, number }] of Object.entries(BAD_CHECK_DIGIT)) {
    it(`a ${shape} number with a wrong check digit is refused as a mistyped number, and is no carrier's`, () => {
      expect(checkTrackingNumber(carrier, number)).toEqual({ ok: false, message: TRACKING_MESSAGES.checkDigit });
      expect(checkTrackingNumber(undefined, number)).toEqual({ ok: false, message: TRACKING_MESSAGES.checkDigit });
      expect(detectCarrier(number)).toBeNull();
    });
  }

  it("UPS's test-environment number 1Z12345E0205271688 fails the check digit that real labels carry", () => {
    // With E as UPS maps it (6) the check digit is 6, not 8; the other UPS samples with an E pass.
    expect(checkTrackingNumber('ups', '1Z12345E0205271688')).toEqual({
      ok: false,
      message: TRACKING_MESSAGES.checkDigit,
    });
    expect(checkTrackingNumber('ups', '1Z12345E0205271686').ok).toBe(true);
  });

  it('the message names the carrier the lab chose and what its numbers look like', () => {
    expect(checkTrackingNumber('ups', '2Z5R89390357567127')).toEqual({
      ok: false,
      message: 'This is not a UPS tracking number: UPS numbers are 1Z followed by 16 letters and digits.',
    });
    expect(checkTrackingNumber('fedex', '12345')).toEqual({
      ok: false,
      message: 'This is not a FedEx tracking number: FedEx numbers have 12, 15 or 22 digits.',
    });
    expect(checkTrackingNumber('usps', '996578788855')).toEqual({
      ok: false,
      message: 'This is not a USPS tracking number: USPS numbers have 20 to 22 digits, or 2 letters, 9 digits and US.',
    });
  });

  it("another carrier's valid number is named as that carrier's", () => {
    expect(checkTrackingNumber('usps', '986578788855')).toEqual({
      ok: false,
      message: 'This is not a USPS tracking number: it looks like a FedEx number.',
    });
    expect(checkTrackingNumber('fedex', '1Z999AA10123456784')).toEqual({
      ok: false,
      message: 'This is not a FedEx tracking number: it looks like a UPS number.',
    });
    expect(checkTrackingNumber('ups', '9400111201080805483016')).toEqual({
      ok: false,
      message: 'This is not a UPS tracking number: it looks like a USPS number.',
    });
  });

  it('a number of no known shape, or none at all, says so', () => {
    expect(checkTrackingNumber(undefined, 'hello')).toEqual({ ok: false, message: TRACKING_MESSAGES.unknown });
    expect(checkTrackingNumber(undefined, 'RB123456785GB')).toEqual({ ok: false, message: TRACKING_MESSAGES.unknown });
    expect(checkTrackingNumber(undefined, ' - ')).toEqual({ ok: false, message: 'Enter a tracking number' });
    expect(checkTrackingNumber('ups', '')).toEqual({ ok: false, message: 'Enter a tracking number' });
    expect(detectCarrier('hello')).toBeNull();
  });
});

describe('shapes two carriers share', () => {
  it("a 12-digit number is FedEx when its check digit fits, and nobody's when it does not", () => {
    expect(detectCarrier('123456789012')).toBe('fedex');
    expect(detectCarrier('123456789013')).toBeNull();
  });

  it('a 22-digit number starting 96 is detected as FedEx Ground, and still passes as USPS when the lab says so', () => {
    // 9612345678901234567897 also carries a valid GS1 check digit, so it fits USPS's 22-digit shape too.
    expect(detectCarrier('9612345678901234567897')).toBe('fedex');
    expect(checkTrackingNumber('usps', '9612345678901234567897')).toEqual({
      ok: true,
      carrier: 'usps',
      number: '9612345678901234567897',
    });
    // FedEx's own 96 number does not carry a GS1 check digit: it is not a USPS number.
    expect(checkTrackingNumber('usps', '9611020987654312345672')).toEqual({
      ok: false,
      message: 'This is not a USPS tracking number: it looks like a FedEx number.',
    });
  });
});

describe('as typed', () => {
  it('spaces, dashes and lower case are dropped before the check, and the number is stored normalized', () => {
    expect(normalizeTrackingNumber(' 1z 999 aa1-0123-4567 84\t')).toBe('1Z999AA10123456784');
    expect(checkTrackingNumber('ups', '1z 999 aa1 0123 4567 84')).toEqual({
      ok: true,
      carrier: 'ups',
      number: '1Z999AA10123456784',
    });
    expect(checkTrackingNumber(undefined, '0307-1790-0005-2348-3741')).toEqual({
      ok: true,
      carrier: 'usps',
      number: '03071790000523483741',
    });
    expect(checkTrackingNumber('usps', 'rb 123 456 785 us')).toMatchObject({ ok: true, number: 'RB123456785US' });
  });

  it('spacing and case never change the answer', () => {
    const all = Object.values(VALID).flatMap((v) => v.numbers);
    fc.assert(
      fc.property(
        fc.constantFrom(...all),
        fc.array(fc.constantFrom(' ', '-', '  '), { minLength: 24, maxLength: 24 }),
        fc.boolean(),
        (number, gaps, lower) => {
          const typed = [...number].map((c, i) => c + gaps[i]!).join('');
          const shown = lower ? typed.toLowerCase() : typed;
          expect(checkTrackingNumber(undefined, shown)).toEqual(checkTrackingNumber(undefined, number));
        },
      ),
    );
  });
});

/** An oracle apart from the rules: GS1 mod 10 check digit of a payload. */
const gs1 = (payload: string) =>
  (10 - ([...payload].reverse().reduce((sum, d, i) => sum + Number(d) * (i % 2 === 0 ? 3 : 1), 0) % 10)) % 10;

describe('check digits, over generated numbers', () => {
  it('a GS1 15-digit (FedEx) or 22-digit (USPS) number with its check digit passes, and with any other fails', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.stringMatching(/^[0-9]{14}$/).map((p) => ({ payload: p, carrier: 'fedex' as const })),
          fc.stringMatching(/^9[0-5][0-9]{19}$/).map((p) => ({ payload: p, carrier: 'usps' as const })),
        ),
        fc.integer({ min: 1, max: 9 }),
        ({ payload, carrier }, off) => {
          const check = gs1(payload);
          expect(checkTrackingNumber(carrier, `${payload}${check}`)).toMatchObject({ ok: true, carrier });
          expect(checkTrackingNumber(carrier, `${payload}${(check + off) % 10}`).ok).toBe(false);
        },
      ),
    );
  });

  it('exactly one check digit makes a 12-digit FedEx number valid', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{11}$/), (payload) => {
        const valid = [...'0123456789'].filter((d) => detectCarrier(`${payload}${d}`) === 'fedex');
        expect(valid).toHaveLength(1);
      }),
    );
  });

  it('exactly one check digit makes a UPS number valid', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{15}$/), (payload) => {
        const valid = [...'0123456789'].filter((d) => detectCarrier(`1Z${payload}${d}`) === 'ups');
        expect(valid).toHaveLength(1);
      }),
    );
  });
});

describe('tracking links', () => {
  it("each carrier's public tracking page, with the number normalized", () => {
    expect(trackingUrl('ups', '1z999aa1 0123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrl('fedex', '9865 7878 8855')).toBe('https://www.fedex.com/fedextrack/?trknbr=986578788855');
    expect(trackingUrl('usps', '9400 1112 0108 0805 4830 16')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111201080805483016',
    );
  });

  it('the number is URL-encoded, so no input can add a parameter or a path', () => {
    expect(trackingUrl('fedex', 'a&b=c/d?e#f')).toBe('https://www.fedex.com/fedextrack/?trknbr=A%26B%3DC%2FD%3FE%23F');
  });
});

describe('the tracking a shipment records', () => {
  it('stores the numbers normalized', () => {
    expect(
      shipmentTrackingSchema.parse({
        carrier: 'ups',
        trackingNumbers: ['1z999aa10123456784', '1Z 5R8 939 0357 567 127'],
      }),
    ).toEqual({ carrier: 'ups', trackingNumbers: ['1Z999AA10123456784', '1Z5R89390357567127'] });
  });

  it("refuses a number that is not the carrier's, naming which one", () => {
    const result = shipmentTrackingSchema.safeParse({
      carrier: 'ups',
      trackingNumbers: ['1Z999AA10123456784', '986578788855'],
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['trackingNumbers', 1],
        message: 'This is not a UPS tracking number: it looks like a FedEx number.',
      }),
    ]);
  });

  it('refuses the same number twice, however it was typed', () => {
    const result = shipmentTrackingSchema.safeParse({
      carrier: 'fedex',
      trackingNumbers: ['986578788855', '9865-7878-8855'],
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['trackingNumbers', 1], message: 'This tracking number is listed twice' }),
    ]);
  });

  it('needs a carrier and 1 to 10 numbers', () => {
    const messages = (input: unknown) => shipmentTrackingSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ trackingNumbers: ['986578788855'] })).toEqual(['Choose a carrier']);
    expect(messages({ carrier: 'dhl', trackingNumbers: ['986578788855'] })).toEqual(['Choose a carrier']);
    expect(messages({ carrier: 'fedex', trackingNumbers: [] })).toEqual(['Enter a tracking number']);
    const eleven = Array.from({ length: 11 }, () => '986578788855');
    expect(messages({ carrier: 'fedex', trackingNumbers: eleven })?.[0]).toBe('At most 10 tracking numbers');
    expect(messages({ carrier: 'fedex', trackingNumbers: ['9'.repeat(61)] })?.[0]).toBe(
      'A tracking number is at most 60 characters',
    );
  });
});
