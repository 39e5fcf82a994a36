// Region geometry: the thirteen coverage regions' boundaries and which region a point is in. It sits in
// places, under both the directory (which stores each listing's region) and coverage (which draws and counts
// them), so neither reaches up into the other. Its own entry point keeps the gazetteer's data out of a bundle
// that only needs the boundaries (the coverage screen's map).
export * from './boundaries';
export * from './assign-region';
