/**
 * What the console's uploader in the browser needs of the upload routes: their path and the CSRF
 * header. Apart from `console-uploads.ts`, which passes requests on to the API with server-only
 * secrets, so a browser bundle never takes those in.
 */

/** Where the site's upload routes live. */
export const CONSOLE_UPLOADS_PATH = '/console/uploads';
/** The header a console script sends its CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';
