/** Signature help for order syntax: the order forms of the phase, the one being written active, its next part highlighted. */
import type { Position, SignatureHelp, SignatureInformation } from 'vscode-languageserver';
import { gameContext, positionOf } from '../context.js';
import { tokens } from '../name-scan.js';
import type { GameDoc } from '../workspace.js';

const FORMS: Record<string, { label: string; params: string[]; doc: string }[]> = {
  movement: [
    { label: 'UNIT H', params: ['UNIT', 'H'], doc: 'hold' },
    { label: 'UNIT - PLACE [via convoy]', params: ['UNIT', '-', 'PLACE', '[via convoy]'], doc: 'move (via convoy: only by convoy)' },
    { label: 'UNIT S UNIT [- PLACE]', params: ['UNIT', 'S', 'UNIT', '[- PLACE]'], doc: 'support a move or a hold' },
    { label: 'FLEET C ARMY - PLACE', params: ['FLEET', 'C', 'ARMY', '- PLACE'], doc: 'convoy' },
  ],
  retreat: [
    { label: 'UNIT R PLACE', params: ['UNIT', 'R', 'PLACE'], doc: 'retreat (also UNIT - PLACE)' },
    { label: 'UNIT D', params: ['UNIT', 'D'], doc: 'disband' },
  ],
  adjustment: [
    { label: 'Build KIND PLACE', params: ['Build', 'KIND', 'PLACE'], doc: 'build a unit on a free build site' },
    { label: 'Remove UNIT', params: ['Remove', 'UNIT'], doc: 'remove a unit' },
    { label: 'Waive', params: ['Waive'], doc: 'give up a build' },
  ],
};

export function signatureHelp(doc: GameDoc, pos: Position): SignatureHelp | null {
  const offset = doc.lines.offsetAt(pos);
  const ctx = gameContext(doc, offset);
  if (ctx.kind !== 'phase' || !ctx.power) return null;
  const line = doc.lines.lineOf(offset);
  const lineStart = doc.lines.lineStart(line);
  let before = doc.text.slice(lineStart, offset);
  const colon = before.indexOf(':');
  if (colon >= 0) before = before.slice(colon + 1);
  if (before.trim() === '') return null;
  const kind = (positionOf(doc, ctx.index)?.phase.kind ?? 'movement') as keyof typeof FORMS;
  const forms = FORMS[kind] ?? [];
  const words = tokens(before).map((t) => t.text.toLowerCase());
  let active = 0;
  let param = Math.min(words.length, 1);
  if (kind === 'movement') {
    const verb = words.findIndex((w) => ['h', 'hold', '-', '->', '=>', 's', 'support', 'supports', 'c', 'convoy', 'convoys'].includes(w));
    const v = verb >= 0 ? (words[verb] as string) : '';
    active = v === 'h' || v === 'hold' ? 0 : v.startsWith('-') || v === '=>' ? 1 : v.startsWith('s') ? 2 : v.startsWith('c') ? 3 : 1;
    if (verb >= 0) {
      const after = words.length - verb - 1;
      param = after === 0 && /\s$/.test(before) ? 2 : after === 0 ? 1 : Math.min(3, 2 + (words.slice(verb + 1).some((w) => w.startsWith('-')) ? 1 : 0));
    }
  } else if (kind === 'retreat') {
    active = words.some((w) => w === 'd' || w === 'disband') ? 1 : 0;
    param = Math.min(2, words.length);
  } else {
    const w = words[0] ?? '';
    active = w.startsWith('r') || w.startsWith('d') ? 1 : w.startsWith('w') ? 2 : 0;
    param = Math.min((forms[active]?.params.length ?? 1) - 1, words.length);
  }
  const signatures: SignatureInformation[] = forms.map((f) => {
    let from = 0;
    const parameters = f.params.map((p) => {
      const at = f.label.indexOf(p, from);
      const start = at < 0 ? 0 : at;
      from = start + p.length;
      return { label: [start, start + p.length] as [number, number] };
    });
    return { label: f.label, documentation: f.doc, parameters };
  });
  return { signatures, activeSignature: Math.max(0, Math.min(active, signatures.length - 1)), activeParameter: Math.max(0, param) };
}
