export * from './variant-config.js';
export * from './rules.js';
export * from './validate.js';
export * from './suggest.js';
export * from './echo.js';
export * from './numbers.js';
