/**
 * Small upload bodies for the file tests (spec 001 §5 "File upload"). Uploads are identified by file-type (issue 24
 * item 7), so these are real files: a 1 × 1 PNG (68 bytes) and a minimal PDF.
 */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
/** A minimal PDF body (the %PDF-1.4 header and a comment line), 25 bytes. */
export const PDF = Buffer.from('%PDF-1.4\n% test document\n');
