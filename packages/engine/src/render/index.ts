/** The board renderer: an SVG picture of any variant at any position (docs/RENDER.md). */
export { renderBoard, LEGEND_WIDTH, type MapStyle, type RenderOptions } from './render.js';
export { layoutBoard, provincePairs, AUTO_MIN_DISTANCE, AUTO_RADIUS, COORDINATE_CANVAS, type BoardLayout, type LayoutMode, type LayoutOptions } from './layout.js';
export { escapeAttr, escapeText } from './xml.js';
export { regionMap, buildRegionMap, type RegionMap, type CoastMark } from './regions/region-map.js';
export { growRegions, touchingSides, type RegionGrid } from './regions/grow.js';
export * from './artwork/index.js';
