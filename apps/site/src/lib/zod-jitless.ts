import { z } from 'zod';

/**
 * zod checks whether it may compile code (`new Function`) before its first check, unless told
 * not to. Under the site's Content-Security-Policy that probe fails, harmlessly, but the browser
 * reports it as a violation; told 'jitless', zod checks without compiled code and never probes.
 * Imported by every browser module that checks data with zod, before the first check.
 */
z.config({ jitless: true });
