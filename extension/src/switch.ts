/**
 * What Switch Edition asks before it rewrites a game (pure, so it is tested
 * without an editor): a conversion that moves orders or adds and removes
 * phases is shown with its summary and warnings first, and a game that cannot
 * be converted is offered its edition line alone, saying why.
 */
import type { SetEditionResult } from './protocol';

export interface Confirmation {
  message: string;
  detail: string;
  /** The button that goes on. */
  action: string;
}

/** Warnings listed in the question at most; the rest are counted (all of them are shown as problems once applied). */
const SHOWN_WARNINGS = 8;

/** The question to ask before applying a Switch Edition answer, or undefined when the edition line alone changes. */
export function switchConfirmation(r: SetEditionResult, edition: string, file: string): Confirmation | undefined {
  if (!r.confirm) return undefined;
  if (!r.converted) {
    return {
      message: `dipforge: ${file} cannot be converted to ${edition}`,
      detail: `${r.message ?? 'The conversion failed.'}\n\nChange only the edition line? The phases and orders stay as they are, and those the year of ${edition} does not have will be errors.`,
      action: 'Change the Edition Line',
    };
  }
  const warnings = r.warnings.slice(0, SHOWN_WARNINGS).map((w) => `line ${w.range.start.line + 1}: ${w.message}${w.code !== undefined ? ` [${w.code}]` : ''}`);
  const more = r.warnings.length - warnings.length;
  if (more > 0) warnings.push(`… and ${more} more`);
  return {
    message: `dipforge: convert ${file} to ${edition}?`,
    detail: [r.summaryText ?? '', ...(warnings.length > 0 ? ['', ...warnings] : []), '', 'One edit: Undo takes it back.'].join('\n'),
    action: 'Convert',
  };
}
