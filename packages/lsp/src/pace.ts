/**
 * Work that goes over many files (a pass over the workspace for references or
 * symbols, the walk of the workspace folders) runs in steps. Between files it
 * gives the event loop a turn once it has worked a slice of time, so the
 * server goes on reading messages and answering other requests meanwhile; and
 * it stops with `Cancelled` once the request it works for is cancelled
 * (`$/cancelRequest` cancels the request's token as soon as it is read).
 */
import { setImmediate as turn } from 'node:timers/promises';
import type { CancellationToken } from 'vscode-languageserver';

/** A request was cancelled while it was being answered (a replay in progress is dropped). */
export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

/** Asked between phases of a long replay: true when the request that needs it was cancelled. */
export type IsCancelled = () => boolean;

/** Turns in a row with no message handled after which the messages already read are taken to be answered. */
const QUIET_TURNS = 2;
/** The most turns `settle` waits, so that a stream of messages never holds the work back for long. */
const MAX_SETTLE_TURNS = 64;

/**
 * Waits until the messages already read have been handled and their answers written: turns of
 * the event loop until `handled` (how many messages went to the handlers) stayed the same for
 * QUIET_TURNS turns in a row. The protocol library handles one message a turn and writes an
 * answer a turn later, and a message still in the pipe is read between turns; so a request sent
 * right after a change (a completion) is answered before the change's re-play starts, instead of
 * after it.
 */
export async function settle(handled: () => number): Promise<void> {
  let seen = handled();
  let quiet = 0;
  for (let i = 0; i < MAX_SETTLE_TURNS && quiet < QUIET_TURNS; i++) {
    await turn();
    const now = handled();
    quiet = now === seen ? quiet + 1 : 0;
    seen = now;
  }
}

/** How long work runs before it lets other messages in (ms): short next to a keystroke. */
const SLICE_MS = 8;

export class Pace {
  private since = performance.now();

  constructor(private readonly token?: Pick<CancellationToken, 'isCancellationRequested' | 'onCancellationRequested'>) {}

  get cancelled(): boolean {
    return this.token?.isCancellationRequested === true;
  }

  /** Throws `Cancelled` when the request was cancelled. */
  check(): void {
    if (this.cancelled) throw new Cancelled();
  }

  /** Called between files: a turn of the event loop when the slice is used up, then the cancellation check. */
  async step(): Promise<void> {
    if (performance.now() - this.since >= SLICE_MS) {
      await turn();
      this.since = performance.now();
    }
    this.check();
  }

  /** Waits for work shared with others (the walk of the folders), giving up when this request is cancelled. */
  async wait<T>(work: Promise<T>): Promise<T> {
    this.check();
    const token = this.token;
    if (!token) return work;
    let stop: { dispose(): void } | undefined;
    const cancelled = new Promise<never>((_, reject) => {
      stop = token.onCancellationRequested(() => reject(new Cancelled()));
    });
    try {
      return await Promise.race([work, cancelled]);
    } finally {
      stop?.dispose();
    }
  }
}
