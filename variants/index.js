// The folder that holds the built-in variants and edition presets, so that
// `extends classic` or `edition 2000` can be found without a path.
import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';

export const variantsDir = dirname(fileURLToPath(import.meta.url));
