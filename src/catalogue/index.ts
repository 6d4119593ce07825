export * from "./types.js";
export { generateCatalogue, serializeCatalogue, ScheduleError, isIsoDate, GENERATED_NOTE } from "./generate.js";
export { CatalogueIndex, loadBundledCatalogue, loadScheduleFile, BUNDLED_CATALOGUE_PATH, BUNDLED_SCHEDULE_PATH } from "./load.js";
export { PathIndex, type PathMatch, type PathSegmentValue } from "./path-index.js";
export { status, parseIsoDay, isoDay, type EntryState, type EntryStatus } from "./status.js";
