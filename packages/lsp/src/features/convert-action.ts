/**
 * The code action "Convert the game to EDITION" on a phase the file's edition
 * does not have because it was written for another year (a retreat or
 * adjustment phase under the postal year of old-rules): the fix the
 * diagnostic names, the same edit as Switch Edition (switch.ts), offered on
 * the phase line and on every line of the section, which is not played.
 */
import { yearForm } from '@dipforge/dsl';
import { CodeActionKind, type CodeAction, type Diagnostic, type Range } from 'vscode-languageserver';
import { sectionIndexAtLine } from '../context.js';
import { switchGame } from '../switch.js';
import { toRange } from '../text.js';
import { whyNotPlayed } from '../unplayed.js';
import type { GameDoc, Workspace } from '../workspace.js';

export function convertActions(ws: Workspace, doc: GameDoc, range: Range): CodeAction[] {
  const rules = doc.run.rules;
  const edition = doc.run.edition ?? rules?.edition;
  if (!doc.board || !rules || !edition || yearForm(doc.board, rules) !== 'postal') return [];
  const first = Math.max(0, sectionIndexAtLine(doc, range.start.line));
  const last = sectionIndexAtLine(doc, range.end.line);
  for (let i = first; i <= last; i++) {
    const section = doc.parsed.ast.phases[i];
    const kind = section?.phase?.kind.phase;
    if (!section || !kind || kind === 'movement') continue;
    const why = whyNotPlayed(doc, i);
    if (!why || why.code !== 'DF6005' || why.range.start.line !== section.range.start.line) continue;
    const switched = switchGame(ws, doc, edition);
    if ('message' in switched) return [];
    const diagnostic: Diagnostic = { range: toRange(why.range), severity: 1, code: why.code, source: 'dipforge', message: why.message };
    return [
      {
        title: `Convert the game to ${edition}`,
        kind: CodeActionKind.QuickFix,
        isPreferred: true,
        diagnostics: [diagnostic],
        edit: { changes: { [doc.uri]: switched.edits } },
      },
    ];
  }
  return [];
}
