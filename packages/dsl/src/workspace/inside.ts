/**
 * Whether the paths a file names (a map's `import` and `extends`, a game's
 * `variant`, an imported map's `USE`) stay in their folder, by their real
 * paths: a symbolic link inside the folder that leads outside it counts as
 * outside, so no file outside the folder is read, nor quoted back in a
 * message. Pure: the real paths come through `realPath`.
 */
import { isAbsolute, relative, sep } from 'node:path';
import type { CodeName } from '../diagnostics/codes.js';
import type { RealPath } from './host.js';

/** Whether `path` lies inside `folder` (or is it), by the letters of the two paths. */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Where a path lies for a folder: inside it; outside it as written; outside it
 * once its symbolic links are followed; or nowhere a link can be followed to
 * (a link to nothing, a loop). Without `realPath` (files in memory, which have
 * no links) only the letters of the paths count.
 */
export type Whereabouts = 'inside' | 'outside' | 'linked-outside' | 'unresolved';

export function whereabouts(path: string, folder: string, realPath?: RealPath): Whereabouts {
  if (!isInside(path, folder)) return 'outside';
  if (!realPath) return 'inside';
  const real = realPath(path);
  const realFolder = realPath(folder);
  if (real === undefined || realFolder === undefined) return 'unresolved';
  return isInside(real, realFolder) ? 'inside' : 'linked-outside';
}

/** A refused path: the diagnostic to report at the path as written. */
export interface Refusal {
  code: CodeName;
  message: string;
}

/** Why a path that is not inside its folder is refused; `folder` names the folder, e.g. `the project folder /p`. */
export function refusal(where: Exclude<Whereabouts, 'inside'>, written: string, folder: string): Refusal {
  if (where === 'unresolved') return { code: 'fileNotFound', message: `Cannot read '${written}': a symbolic link in its path leads to no file, or round in a loop` };
  const link = where === 'linked-outside' ? ' (through a symbolic link)' : '';
  return { code: 'outsideProject', message: `'${written}' is outside ${folder}${link}` };
}
