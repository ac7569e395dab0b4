/** Every `.dipgame` file below a folder, sorted, leaving out hidden folders and `node_modules`. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export function gameFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...gameFiles(path));
    else if (e.name.endsWith('.dipgame')) out.push(path);
  }
  return out.sort();
}
