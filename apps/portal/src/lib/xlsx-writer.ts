/**
 * The XLSX writer (`write-excel-file`, decision 030) as a chunk of its own name, loaded only when a
 * user exports a table as XLSX.
 */
export { default } from 'write-excel-file/browser'
