/**
 * The lines of a map file of the Python engine, and of the files its USE and
 * MAP lines name, in the order that engine reads them: a named file in full at
 * the line that names it, then the rest of the file that named it. The files
 * being read are frames on a list rather than calls, so USE lines may chain as
 * many files as there are without taking the stack with them.
 */
import { dirname, join } from 'node:path';
import { echo } from '@dipforge/engine/config';
import type { CodeName } from '../diagnostics/codes.js';
import { LineIndex, type Range } from '../text/range.js';
import type { RealPath } from '../workspace/host.js';
import { refusal, whereabouts } from '../workspace/inside.js';

/** A word of a line, where it stands. */
export interface Word {
  text: string;
  file: string;
  range: Range;
}

/** A line with something on it (blank lines and `#` comments are passed over). */
export interface MapLine {
  /** The line without its line break. */
  raw: string;
  /** Where the line starts in its file's text. */
  start: number;
  words: Word[];
  index: LineIndex;
  file: string;
}

/** A file being read (`lineRe` finds its next line), or a USE line whose files are being read one by one. */
type Frame =
  | { kind: 'file'; text: string; file: string; index: LineIndex; lineRe: RegExp; done: boolean }
  | { kind: 'use'; names: Word[]; next: number; file: string };

export class MapLines {
  private readonly frames: Frame[] = [];

  constructor(
    /** Every file opened, the first one first. */
    readonly files: string[],
    private readonly read: ((path: string) => string | undefined) | undefined,
    /** Real paths (symbolic links followed), to hold the named files to the first file's folder. */
    private readonly realPath: RealPath | undefined,
    private readonly report: (code: CodeName, word: Word, message: string) => void,
  ) {}

  /** Starts reading a file: its lines come next. */
  open(text: string, file: string): void {
    this.files.push(file);
    this.frames.push({ kind: 'file', text, file, index: new LineIndex(text), lineRe: /[^\r\n]*(\r\n|\n|\r|$)/g, done: false });
  }

  /** The files a USE or MAP line of `file` names: read one after the other, each in full, before its next line. */
  use(names: Word[], file: string): void {
    this.frames.push({ kind: 'use', names, next: 0, file });
  }

  /** The next line to read, across the files; undefined at the end of the first file. */
  next(): MapLine | undefined {
    for (let frame = this.top(); frame; frame = this.top()) {
      if (frame.kind === 'use') {
        const w = frame.names[frame.next++];
        if (w) this.openNamed(w, frame.file);
        else this.frames.pop();
        continue;
      }
      const line = this.lineOf(frame);
      if (line) return line;
    }
    return undefined;
  }

  private top(): Frame | undefined {
    return this.frames[this.frames.length - 1];
  }

  /** The next line of a file with something on it, or undefined once the file is done (it is then closed). */
  private lineOf(frame: Extract<Frame, { kind: 'file' }>): MapLine | undefined {
    const { text, file, index, lineRe } = frame;
    for (;;) {
      const m = frame.done ? null : lineRe.exec(text);
      if (m === null) {
        this.frames.pop();
        return undefined;
      }
      if (m[0].length === 0 || lineRe.lastIndex >= text.length) frame.done = true;
      const raw = m[0].replace(/[\r\n]+$/, '');
      const start = m.index;
      const words: Word[] = [];
      for (const w of raw.matchAll(/\S+/g)) {
        const from = start + (w.index ?? 0);
        words.push({ text: w[0], file, range: index.range(from, from + w[0].length) });
      }
      if (words.length > 0 && !(words[0] as Word).text.startsWith('#')) return { raw, start, words, index, file };
    }
  }

  private openNamed(w: Word, file: string): void {
    const name = w.text.includes('.') ? w.text : `${w.text}.map`;
    const path = join(dirname(file), name);
    // The files are held to the first file's folder, as a variant's imports are to its project folder.
    const folder = dirname(this.files[0] ?? file);
    const where = whereabouts(path, folder, this.realPath);
    if (where !== 'inside') {
      const refused = refusal(where, w.text, `the map's folder ${folder}`);
      this.report(refused.code === 'fileNotFound' ? 'mapFileNotFound' : refused.code, w, refused.message);
      return;
    }
    if (this.files.includes(path)) {
      this.report('mapFileNotFound', w, `${echo(name)} is read twice (USE or MAP cycle, or a repeat)`);
      return;
    }
    const text = this.read?.(path);
    if (text === undefined) {
      this.report('mapFileNotFound', w, `cannot read ${echo(name)} (looked for it beside this file)`);
      return;
    }
    this.open(text, path);
  }
}
