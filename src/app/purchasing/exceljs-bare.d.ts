/** exceljs's browser bundle without polyfills (exportRequisitions.ts): the package's own API. */
declare module 'exceljs/dist/exceljs.bare.min.js' {
  const ExcelJS: typeof import('exceljs');
  export default ExcelJS;
}
