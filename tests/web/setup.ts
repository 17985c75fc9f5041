import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup: unmount after each test.
afterEach(() => cleanup());

// findBy*/waitFor wait up to 1 s by default; on a busy 2-core CI machine a form test's React work can take
// longer than that without anything being wrong. A real failure still fails, only later.
configure({ asyncUtilTimeout: 5000 });
