/**
 * `dipforge serve --stdio`: every request and response valid against the protocol's JSON Schema;
 * a game played by handle, statelessly (the position sent each time) and in one `play` request
 * comes out the same; random and damaged requests are answered as data, one response per line,
 * and the server goes on; a line past the limit is answered without being kept.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { Game, mulberry32, type Order, type Rng } from '@dipforge/engine';
import { LineSplitter } from '../packages/cli/src/commands/serve.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'packages', 'cli', 'bin', 'dipforge.js');
const schema = JSON.parse(readFileSync(join(ROOT, 'packages', 'engine', 'schema', 'serve-protocol.schema.json'), 'utf8')) as Record<string, unknown>;
const ajv = new Ajv2020({ allErrors: true, strict: false });
ajv.addSchema(schema);
const validator = (def: string) => ajv.getSchema(`${schema['$id'] as string}#/$defs/${def}`)!;

/** A serve process; `ask` sends one line and resolves with the response to it. */
function server() {
  const child = spawn(process.execPath, [BIN, 'serve', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const waiting: ((line: string) => void)[] = [];
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += String(d)));
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(line));
  const send = (line: string) =>
    new Promise<string>((resolve) => {
      waiting.push(resolve);
      child.stdin.write(`${line}\n`);
    });
  const ask = async (method: string, params: Record<string, unknown> = {}, id: unknown = 1): Promise<Record<string, unknown>> => {
    const request = { id, method, params };
    expect(validator('request')(request), JSON.stringify(validator('request').errors)).toBe(true);
    const response = JSON.parse(await send(JSON.stringify(request))) as Record<string, unknown>;
    expect(validator('response')(response), JSON.stringify(validator('response').errors)?.slice(0, 500)).toBe(true);
    expect(response['id']).toEqual(id);
    if (response['ok']) expect(validator(`result.${method}`)(response['result']), JSON.stringify(validator(`result.${method}`).errors)?.slice(0, 500)).toBe(true);
    return response;
  };
  const close = () =>
    new Promise<number | null>((resolve) => {
      child.on('exit', (code) => resolve(code));
      child.stdin.end();
    });
  return { send, ask, close, stderr: () => stderr, child };
}

function draw(game: Game, rng: Rng): Order[] {
  const out: Order[] = [];
  for (const byPlace of Object.values(game.legalOrders())) for (const orders of Object.values(byPlace)) out.push(orders[Math.floor(rng() * orders.length)]!);
  return out;
}

describe('dipforge serve --stdio', () => {
  const s = server();
  afterAll(async () => {
    expect(await s.close()).toBe(0);
    expect(s.stderr()).toBe('');
  });

  it('lists variants and starts a game by handle', async () => {
    const variants = (await s.ask('variants'))['result'] as { variants: { id: string }[] };
    expect(variants.variants.map((v) => v.id)).toContain('classic');
    const started = (await s.ask('start', { variant: 'classic', edition: '2000', seed: 5 }))['result'] as Record<string, unknown>;
    expect(started['edition']).toBe('2000');
    expect(started['position']).toEqual(Game.start('classic', { edition: '2000' }).position);
    const legal = (await s.ask('legal', { game: started['game'], power: 'italy' }))['result'] as { orders: Record<string, Record<string, string[]>> };
    expect(legal.orders).toEqual(Game.start('classic').legalOrderTexts('italy'));
    const objects = (await s.ask('legal', { variant: 'classic', as: 'object' }))['result'] as { orders: unknown };
    expect(objects.orders).toEqual(Game.start('classic').legalOrders());
    expect(((await s.ask('render', { game: started['game'] }))['result'] as { svg: string }).svg).toMatch(/<svg/);
    expect(((await s.ask('close', { game: started['game'] }))['result'] as { closed: boolean }).closed).toBe(true);
    expect(((await s.ask('state', { game: started['game'] }))['error'] as { code: string }).code).toBe('DF8085');
  });

  it('plays the same by handle, statelessly and in one request, as the game object does', async () => {
    const rng = mulberry32(11);
    const local = Game.start('modern', { seed: 11 });
    const phases: Order[][] = [];
    const handle = ((await s.ask('start', { variant: 'modern', seed: 11 }))['result'] as { game: string }).game;
    let position = local.position;
    for (let i = 0; i < 12; i++) {
      const orders = draw(local, rng);
      phases.push(orders);
      const texts = orders.map((o) => `${o.power}: ${local.orderText(o)}`);
      const expected = local.advance(orders);
      const byHandle = (await s.ask('adjudicate', { game: handle, orders: texts }))['result'] as { report: unknown; position: unknown };
      const stateless = (await s.ask('adjudicate', { variant: 'modern', seed: 11, position, orders }))['result'] as { report: unknown; position: typeof position };
      expect(byHandle.report).toEqual(expected);
      expect(stateless.report).toEqual(expected);
      expect(stateless.position).toEqual(local.position);
      position = stateless.position;
    }
    const batch = (await s.ask('play', { variant: 'modern', seed: 11, phases }))['result'] as { reports: unknown[]; position: unknown };
    expect(batch.reports).toEqual(local.history);
    expect(batch.position).toEqual(local.position);
  });

  it('answers errors as data with codes, and names the phase of a batch that failed', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['start', { variant: 'atlantis' }, 'DF8080'],
      ['start', { variant: 'classic', edition: '1066' }, 'DF8081'],
      ['adjudicate', { variant: 'classic', orders: ['A par - nowhere at all'] }, 'DF8082'],
      ['adjudicate', { variant: 'classic', position: { phase: { year: 1901, season: 'spring', kind: 'movement' }, units: [{ power: 'x', kind: 'army', at: 'par' }], dislodged: [], owners: {}, standoffs: [] } }, 'DF8083'],
      ['state', { game: 'g999' }, 'DF8085'],
      ['start', { config: { format: 'x' } }, 'DF8086'],
    ];
    for (const [method, params, code] of cases) {
      const r = await s.ask(method, params);
      expect([method, r['ok'], (r['error'] as { code: string }).code]).toEqual([method, false, code]);
    }
    // A request the schema refuses is refused by the server too.
    const wrongType = { id: 9, method: 'legal', params: { variant: 7 } };
    expect(validator('request')(wrongType)).toBe(false);
    expect(JSON.parse(await s.send(JSON.stringify(wrongType)))).toMatchObject({ id: 9, ok: false, error: { code: 'DF8084' } });
    const batch = await s.ask('play', { variant: 'classic', phases: [[], [], ['A zz - yy']] });
    expect(batch['error']).toMatchObject({ code: 'DF8082', phase: 2 });
  });

  it('survives random and damaged requests: one response per line, and it still answers', async () => {
    const rng = mulberry32(2026);
    const good = [
      '{"id":1,"method":"start","params":{"variant":"classic"}}',
      '{"id":2,"method":"adjudicate","params":{"variant":"pure","orders":["A ber - kie",{"type":"hold","power":"france","unit":{"at":"par"}}]}}',
      '{"id":3,"method":"play","params":{"variant":"classic","phases":[["A par - bur"],[]]}}',
      '{"id":4,"method":"legal","params":{"variant":"classic","as":"object","power":"fra"}}',
    ];
    const alphabet = '{}[]":,0123456789abcdefnulltrue -\\\u0000\u00e9\u4e2d\ud83d';
    for (let i = 0; i < 300; i++) {
      const base = good[Math.floor(rng() * good.length)]!;
      const chars = [...base];
      const edits = 1 + Math.floor(rng() * 4);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(rng() * (chars.length + 1));
        const op = rng();
        if (op < 0.4) chars.splice(at, 1);
        else if (op < 0.8) chars.splice(at, 0, alphabet[Math.floor(rng() * alphabet.length)]!);
        else chars.splice(at, Math.floor(rng() * 10));
      }
      const line = chars.join('').replace(/[\n\r]/g, ' ');
      if (line.trim() === '') continue;
      const response = JSON.parse(await s.send(line)) as { ok: boolean; error?: { code: string } };
      expect(validator('response')(response), line).toBe(true);
      if (!response.ok) expect(response.error!.code, line).not.toBe('DF8089');
    }
    for (const line of ['null', '"x"', '{"method":"play","params":{"variant":"classic","phases":[1]}}', '{"method":"start","params":{"variant":"classic","position":{"phase":{"year":1e300}}}}', `${'['.repeat(5000)}${']'.repeat(5000)}`]) {
      const response = JSON.parse(await s.send(line)) as { ok: boolean; error?: { code: string } };
      expect(response.ok, line.slice(0, 60)).toBe(false);
      expect(response.error!.code).not.toBe('DF8089');
    }
    expect((await s.ask('version'))['result']).toEqual({ protocol: 'dipforge-serve/1' });
  });

  it('splits lines across chunks and drops a line past the limit as it comes', () => {
    const lines: (string | undefined)[] = [];
    const splitter = new LineSplitter((l) => lines.push(l), 10);
    splitter.push('{"a"');
    splitter.push(':1}\r\n\n  \n0123456789');
    splitter.push('0123456789\nok\nlast');
    splitter.end();
    expect(lines).toEqual(['{"a":1}', undefined, 'ok', 'last']);
  });

  it('refuses options other than --stdio, with the usage', () => {
    const r = spawnSync(process.execPath, [BIN, 'serve', '--tcp'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/only --stdio is supported.*\nusage: dipforge serve/s);
  });
});
