import { describe, expect, it } from 'vitest';
import { codeLinesMatching, sourceFiles } from '../support/source-files';

/** The web's facts with one home each (tests/unit/one-home.test.ts holds the ones the server shares). */
const WEB = sourceFiles(['web/src']);
const outside = (home: string) => WEB.filter((file) => file !== home);

describe('money text has one home in the web (web/src/lib/money-text.ts)', () => {
  const HOME = 'web/src/lib/money-text.ts';

  it('screens take formatCents and parseDollars from it, not from the core rule', () => {
    expect(
      codeLinesMatching(
        outside(HOME),
        (line) => /from '.*core\/rules\/invoice-balance'/.test(line) && /formatCents|parseDollars/.test(line),
      ),
    ).toEqual([]);
  });

  it('no screen turns cents into dollars by hand', () => {
    expect(codeLinesMatching(outside(HOME), (line) => /\/ 100\)\.to(Fixed|LocaleString)|% 100\)/.test(line))).toEqual(
      [],
    );
  });
});

describe("a domain's query keys have one home (its feature's api/query-keys.ts)", () => {
  /** The catalogue's keys live with its query, which several features read (lib/lens-catalogue.ts). */
  const isKeyHome = (file: string) =>
    /^web\/src\/features\/[^/]+\/api\/query-keys\.ts$/.test(file) || file === 'web/src/lib/lens-catalogue.ts';

  it('key sets are declared only there', () => {
    const files = WEB.filter((file) => !isKeyHome(file));
    expect(codeLinesMatching(files, (line) => /export const \w+Keys = /.test(line))).toEqual([]);
  });

  it('no query names its key as a literal array', () => {
    const files = WEB.filter((file) => !isKeyHome(file));
    expect(codeLinesMatching(files, (line) => /queryKey: \[/.test(line))).toEqual([]);
  });

  it('the lens catalogue is asked for and cached in one place, whatever screen shows it', () => {
    const files = outside('web/src/lib/lens-catalogue.ts');
    expect(codeLinesMatching(files, (line) => line.includes("'listLensDesigns'"))).toEqual([]);
  });
});

describe('browser storage is reached one way (web/src/lib/local-storage.ts)', () => {
  it('no other module opens localStorage or sessionStorage with a safe wrapper of its own', () => {
    const files = outside('web/src/lib/local-storage.ts');
    expect(
      codeLinesMatching(files, (line) => /window\.(local|session)Storage|function \w*[sS]torage\(\)/.test(line)),
    ).toEqual([]);
  });
});

describe('the account in view has one home (useAccountInView in web/src/lib/session-context.ts)', () => {
  it('no page works out the sidebar account again', () => {
    const files = outside('web/src/lib/session-context.ts');
    expect(codeLinesMatching(files, (line) => /selectedAccount \?\?/.test(line))).toEqual([]);
  });
});
