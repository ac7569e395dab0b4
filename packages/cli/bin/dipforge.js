#!/usr/bin/env node
import { main } from '../dist/main.js';

// A reader that stops early (`dipforge … | head`) closes the pipe: the rest of
// the output is not wanted, so stop quietly instead of failing with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e && e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

process.exitCode = await main(process.argv.slice(2), {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
  cwd: process.cwd(),
});
