/** Code lenses: "Show board" (in the game's language) on each phase (and the starting position); the command is the extension's. */
import type { CodeLens } from 'vscode-languageserver';
import { phaseLabel, sectionRuns } from '../context.js';
import type { GameDoc } from '../workspace.js';
import { speechOf } from './editor-words.js';

export const SHOW_BOARD = 'dipforge.showBoard';

export function codeLenses(doc: GameDoc): CodeLens[] {
  const out: CodeLens[] = [];
  const runs = sectionRuns(doc);
  const line = (l: number) => doc.lines.range(doc.lines.lineStart(l), doc.lines.lineEnd(l));
  // In the game's language (`language zh`), as hover speaks.
  const title = speechOf(doc).words.text.showBoard;
  if (doc.parsed.ast.position && doc.run.start) {
    const l = doc.parsed.ast.position.range.start.line;
    out.push({ range: line(l), command: { title, command: SHOW_BOARD, arguments: [{ uri: doc.uri, phase: phaseLabel(doc.run.start.phase), section: -1, line: l }] } });
  }
  doc.parsed.ast.phases.forEach((s, i) => {
    const run = runs[i];
    const l = s.range.start.line;
    const phase = run ? phaseLabel(run.phase) : s.phase ? doc.text.slice(s.phase.range.start.offset, s.phase.range.end.offset) : '';
    out.push({ range: line(l), command: { title, command: SHOW_BOARD, arguments: [{ uri: doc.uri, phase, section: i, line: l }] } });
  });
  return out;
}
