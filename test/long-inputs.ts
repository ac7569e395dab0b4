/**
 * A chain as long as a test wants it, written as text: a variant whose
 * provinces form one line with an army in each, and a game that moves every
 * army one step along it (each move waits on the move out of its target, so
 * the adjudicator's decisions chain as long as the line).
 */

/** `chainN.dipmap` and a game file of one phase that names it: `n` armies, each moving into the next province. */
export function decisionChain(n: number): { map: string; game: string; mapName: string } {
  const mapName = `chain${n}.dipmap`;
  const lines = ['variant chain "Chain" {', '  start 1901 spring movement', '}'];
  for (let i = 0; i <= n; i++) lines.push(`province p${i} land${i === 0 ? ' supply' : ''}`);
  lines.push('adjacency {');
  for (let i = 0; i < n; i++) lines.push(`  army p${i}: p${i + 1}`);
  lines.push('}');
  const units = Array.from({ length: n }, (_, i) => `A p${i}`).join(', ');
  lines.push('power red "Red" {', '  home p0', `  units ${units}`, '}');
  // Written from the front of the line: the first order read waits on all the others.
  const game = [`variant "${mapName}"`, '', 'phase spring 1901 movement', '  red:'];
  for (let i = n - 1; i >= 0; i--) game.push(`    A p${i} - p${i + 1}`);
  return { map: `${lines.join('\n')}\n`, game: `${game.join('\n')}\n`, mapName };
}
