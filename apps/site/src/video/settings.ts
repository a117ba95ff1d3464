/**
 * How the race video is encoded: the H.264 codecs asked for, best first (High profile, level 4.0,
 * else Main, else Baseline: both video sizes fit with room to spare), the bitrate, and the WebM
 * types of the recording fallback. No imports: the bench encodes with the same settings.
 */
export const AVC_CODECS = ['avc1.640028', 'avc1.4d0028', 'avc1.420028'];
/**
 * 4 Mbit/s: about 0.18 bits a pixel a frame at 720×1280 and 24 fps, ample for slow zooms; the
 * software encoder's time falls with the bitrate (a quarter less than at 6 Mbit/s, measured with
 * the CPU slowed 4×).
 */
export const BITRATE = 4_000_000;
export const WEBM_TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'];
