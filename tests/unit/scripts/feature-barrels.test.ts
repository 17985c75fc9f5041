import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureBarrelsPlugin, readIndex } from '../../../scripts/feature-barrels';

const ROOT = resolve(__dirname, '../../..');
const FEATURES = join(ROOT, 'web/src/features');
const ROUTE = join(ROOT, 'web/src/app/routes/customer/boundary-probe.tsx');

type Transform = (code: string, id: string) => { code: string; map: null } | null;
const transform = featureBarrelsPlugin(FEATURES).transform as Transform;

describe('feature indexes resolved at build time (scripts/feature-barrels.ts)', () => {
  it('every feature has an index.ts that only re-exports, opening with what the feature offers', () => {
    const features = readdirSync(FEATURES, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const { name } of features) {
      const index = join(FEATURES, name, 'index.ts');
      expect(readIndex(index).size, index).toBeGreaterThan(0);
      expect(readFileSync(index, 'utf8').startsWith('/**'), index).toBe(true);
    }
  });

  it('an import of an index becomes imports of the modules it re-exports, on as many lines', () => {
    const code =
      "import {\n  OrderFormPage,\n  type OrderStatusBadge,\n  parseParameter as parse,\n} from '../../../features/orders';\nexport const used = [OrderFormPage, parse];\n";
    const rewritten = transform(code, ROUTE)!.code;
    const orders = '../../../features/orders';
    expect(rewritten).toBe(
      `import { OrderFormPage } from '${orders}/components/order-form-page'; ` +
        `import { parseParameter as parse } from '${orders}/model/order-form-values';\n\n\n\n\n` +
        'export const used = [OrderFormPage, parse];\n',
    );
  });

  it('leaves a file that imports no index alone, and refuses a form it cannot resolve', () => {
    expect(transform("import { Card } from '../../../components/card';\n", ROUTE)).toBeNull();
    expect(() => transform("import * as orders from '../../../features/orders';\n", ROUTE)).toThrow(/cannot resolve/);
    expect(() => transform("import { Nothing } from '../../../features/orders';\n", ROUTE)).toThrow(/does not export/);
  });
});
