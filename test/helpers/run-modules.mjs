// Runs ES modules one after another in this one process, as `node FILE` would run each (its
// top-level code, awaited), and prints, as JSON, what each wrote on standard output and standard
// error and what it threw. A test of many small scripts (the library guide's examples) starts
// one process for all of them instead of one each. The process ends by itself only when no
// module left anything running, as each would have to for its own `node FILE` to end.
import { pathToFileURL } from 'node:url';

const stdoutWrite = process.stdout.write;
const stderrWrite = process.stderr.write;
const results = [];
for (const file of process.argv.slice(2)) {
  const result = { file, stdout: '', stderr: '', threw: null };
  const capture = (key) =>
    function write(chunk, encoding, done) {
      result[key] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      const callback = typeof encoding === 'function' ? encoding : done;
      if (typeof callback === 'function') queueMicrotask(callback);
      return true;
    };
  process.stdout.write = capture('stdout');
  process.stderr.write = capture('stderr');
  try {
    await import(pathToFileURL(file).href);
    // What the module left queued (a promise's continuation, a timer of no delay) runs before the next.
    await new Promise((resolve) => setImmediate(resolve));
  } catch (e) {
    result.threw = e instanceof Error ? (e.stack ?? e.message) : String(e);
  } finally {
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
  }
  results.push(result);
}
process.stdout.write(`${JSON.stringify(results)}\n`);
