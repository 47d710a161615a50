/** Small upload bodies for the file tests (spec 001 §5 "File upload"): a PNG (its 8-byte signature, then 200 bytes) and a minimal PDF. */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
/** A minimal PDF body (the %PDF-1.4 header and a comment line), 25 bytes. */
export const PDF = Buffer.from('%PDF-1.4\n% test document\n');
