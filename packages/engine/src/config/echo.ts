/**
 * Input quoted back in a message. A token of a file can be megabytes long, and
 * a control character written raw would garble the terminal or the editor that
 * shows the message, so every message that echoes what a user wrote shows it
 * through `echo`: control characters written as escapes (`\t`, `\u0007`), and
 * cut with an ellipsis once it is longer than a glance takes in. The same
 * function, with a larger bound, is the last guard on whole messages.
 */

/** How many characters of echoed input a message shows. */
export const ECHO_LENGTH = 60;

/** How much of a whole line of input a report shows (an order as written, which may be a long convoy route). */
export const LINE_LENGTH = 200;

/** How long a whole message may be (a list of readings or of names can be long, never megabytes). */
export const MESSAGE_LENGTH = 1000;

const NAMED: Readonly<Record<number, string>> = { 9: '\\t', 10: '\\n', 13: '\\r' };

/**
 * Whether a code point would act rather than show: C0 and C1 controls, DEL,
 * the line and paragraph separators, the bidirectional controls that can make
 * text read in another order than it is written, and a lone surrogate half.
 */
function acts(cp: number): boolean {
  return (
    cp < 0x20 ||
    (cp >= 0x7f && cp <= 0x9f) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    (cp >= 0xd800 && cp <= 0xdfff)
  );
}

/** The same characters as `acts`, for a quick look at a whole text (with the u flag, a whole surrogate pair is one character and does not match). */
const ACTING = /[\u0000-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069\ud800-\udfff]/u;

function escaped(cp: number): string {
  return NAMED[cp] ?? `\\u${cp.toString(16).padStart(4, '0')}`;
}

/**
 * `text` as a message shows it: control characters escaped, and at most `max`
 * characters followed by `…` when it is longer. Only as much of `text` as is
 * shown is looked at, so a huge input costs no more than a short one.
 */
export function echo(text: string, max: number = ECHO_LENGTH): string {
  // Most texts are short and plain: shown as they are.
  if (text.length <= max && !ACTING.test(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    const size = cp > 0xffff ? 2 : 1;
    const piece = acts(cp) ? escaped(cp) : text.slice(i, i + size);
    if (out.length + piece.length > max) return `${out}…`;
    out += piece;
    i += size;
  }
  return out;
}

/** `text` with its control characters escaped and nothing cut: for file paths, which are shown whole. */
export function escapeControls(text: string): string {
  return echo(text, Number.POSITIVE_INFINITY);
}

/** `'text'`, echoed: how messages quote a word or a line of the input. */
export function quoted(text: string): string {
  return `'${echo(text)}'`;
}

/** A whole message made safe to print: controls escaped, and bounded in length. */
export function boundedMessage(message: string): string {
  return echo(message, MESSAGE_LENGTH);
}
