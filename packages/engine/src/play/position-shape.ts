/**
 * Whether a value sent as a position has the shape of one (before the board
 * checks its names): a position may come from JSON written by another program.
 */

const isString = (v: unknown): v is string => typeof v === 'string';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function unitProblems(list: unknown, what: string): string[] {
  if (!Array.isArray(list)) return [`${what} must be a list`];
  const out: string[] = [];
  list.forEach((u: unknown, i) => {
    if (!isObject(u) || !isString(u['power']) || !isString(u['kind']) || !isString(u['at'])) out.push(`${what}[${i}] must have power, kind and at as strings`);
  });
  return out;
}

/** Problems with the shape of a position; empty when it has one. */
export function checkPositionShape(value: unknown): string[] {
  if (!isObject(value)) return ['a position must be an object'];
  const out: string[] = [];
  const phase = value['phase'];
  if (!isObject(phase) || !Number.isSafeInteger(phase['year']) || !isString(phase['season']) || !['movement', 'retreat', 'adjustment'].includes(phase['kind'] as string)) {
    out.push('phase must be { year: integer, season: string, kind: movement | retreat | adjustment }');
  }
  out.push(...unitProblems(value['units'], 'units'), ...unitProblems(value['dislodged'], 'dislodged'));
  const owners = value['owners'];
  if (!isObject(owners) || !Object.values(owners).every(isString)) out.push('owners must be an object of centre → power');
  const standoffs = value['standoffs'];
  if (!Array.isArray(standoffs) || !standoffs.every(isString)) out.push('standoffs must be a list of province ids');
  return out;
}
