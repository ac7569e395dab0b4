/** An author's SVG artwork for the board: read, matched to the provinces and checked against the adjacency (docs/RENDER.md, "Artwork"). */
export { readArtwork, type Artwork, type ArtShape, type ArtProblem, type ArtworkResult } from './shapes.js';
export { checkArtwork, type ArtworkCheck, type ArtworkProvince } from './check.js';
export { flattenPath, type Ring } from './path-data.js';
export { rasterize, RASTER_CELLS, TOLERANCE } from './raster.js';
