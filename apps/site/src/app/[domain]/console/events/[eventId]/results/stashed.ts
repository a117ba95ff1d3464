/** An uploaded results file, kept between its upload, preview and import (`consoleStash`). */
export interface StashedFile {
  eventId: number;
  filename: string;
  bytes: Uint8Array;
}
export const UPLOAD_KIND = 'results-file';
export const REPORT_KIND = 'results-report';
