/**
 * The protocol's framing as the clients outside the server read it (`@dipforge/lsp/framing`):
 * frames cut anywhere between chunks, several in one chunk, and frames that break the protocol
 * reported with reading going on after them (the fuzzer's findings).
 */
import { describe, expect, it } from 'vitest';
import { FrameReader, frame } from '@dipforge/lsp/framing';

function reader(): { messages: unknown[]; malformed: string[]; push: (b: Buffer) => void } {
  const messages: unknown[] = [];
  const malformed: string[] = [];
  const r = new FrameReader(
    (m) => messages.push(m),
    (what) => malformed.push(what),
  );
  return { messages, malformed, push: (b) => r.push(b) };
}

describe('protocol framing', () => {
  it('writes the body length in bytes, not characters', () => {
    const text = frame({ text: 'Münster 東京' });
    const [header, body] = text.split('\r\n\r\n') as [string, string];
    expect(header).toBe(`Content-Length: ${Buffer.byteLength(body, 'utf8')}`);
    expect(Buffer.byteLength(body, 'utf8')).toBeGreaterThan(body.length);
    expect(JSON.parse(body)).toEqual({ text: 'Münster 東京' });
  });

  it('reads frames cut at every byte, several in a chunk, and multi-byte characters cut in two', () => {
    const sent = [{ id: 1, result: 'Münster' }, { method: 'x', params: { list: Array.from({ length: 2000 }, (_, i) => i) } }, { id: 2, result: '東京' }];
    const bytes = Buffer.from(sent.map(frame).join(''), 'utf8');
    for (const size of [1, 2, 3, 7, 64, 1000, bytes.length]) {
      const r = reader();
      for (let at = 0; at < bytes.length; at += size) r.push(bytes.subarray(at, at + size));
      expect(r.messages, `chunks of ${size}`).toEqual(sent);
      expect(r.malformed).toEqual([]);
    }
  });

  it('reports a header without a length and a body that is no JSON, and reads the frames after them', () => {
    const r = reader();
    r.push(Buffer.from('Content-Type: x\r\n\r\n' + 'Content-Length: 5\r\n\r\n{"a":' + frame({ id: 3, result: null }), 'utf8'));
    expect(r.malformed).toHaveLength(2);
    expect(r.malformed[0]).toMatch(/without Content-Length/);
    expect(r.malformed[1]).toMatch(/not JSON/);
    expect(r.messages).toEqual([{ id: 3, result: null }]);
  });

  it('waits for the rest of a frame', () => {
    const r = reader();
    const whole = Buffer.from(frame({ id: 4, result: 'done' }), 'utf8');
    r.push(whole.subarray(0, whole.length - 1));
    expect(r.messages).toEqual([]);
    r.push(whole.subarray(whole.length - 1));
    expect(r.messages).toEqual([{ id: 4, result: 'done' }]);
  });
});
