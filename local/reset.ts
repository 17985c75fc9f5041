/** `npm run reset`: deletes the local stack's data (tables, users, files, emails); the next start seeds again. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(process.cwd(), '.local');
rmSync(dir, { recursive: true, force: true });
console.info(`Removed ${dir}. The next "npm start" creates fresh demo data.`);
