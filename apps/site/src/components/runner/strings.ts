/** The runner's page (`/events/{slug}/runners/{bib}`): our own words. */
export const RUNNER_TEXT = {
  /** The page's title and share title. */
  title: (who: string, event: string) => (event.trim() ? `${who} — ${event.trim()}` : who),
  bibTitle: (bib: string) => `Bib ${bib}`,
  description: (who: string, event: string, organiser: string) =>
    `${who}’s photos and result at ${event.trim() || 'the event'} by ${organiser}: download them, make a finisher certificate and share.`,
  kicker: 'Runner',
  backToGallery: 'All photos of the event',
  photosTitle: 'Your photos',
  noPhotosTitle: (bib: string) => `No photos of bib ${bib} yet`,
  noPhotosText:
    'New photos are matched as they are uploaded: the photographers may still be sending theirs. Come back to this page later, or look through the event’s photos.',
  noListingText: 'The photos of this event are not listed on this site. The organiser may share them with you another way.',
  photosFailed: 'We could not load your photos just now. Please try again in a moment.',
  // A private event (its photos are not listed): the visitor asks for them.
  privateText: 'The photos of this event are private: they are not on this page until you ask for them, and a shared link shows none.',
  privateShow: (bib: string) => `Show the photos of bib ${bib}`,
  privateLoading: 'Finding your photos…',
  privateRetry: 'Try again',
  certificate: 'Make your finisher certificate',
  poster: 'Make a poster with your photo',
  downloadAll: (count: string) => `Download all mine (${count})`,
  share: 'Share this page',
  copied: 'Link copied',
  // The gallery's bib search (a known bib's results) and name search, to this page.
  runnerLink: 'Your runner page',
  pickTitle: 'Is one of these runners you?',
  pickText: 'Open your runner page: your photos, your result and your certificate.',
  pickLabel: (name: string, bib: string) => `${name}, bib ${bib}`,
  pickMore: (n: number) => `${n.toLocaleString('en-US')} more ${n === 1 ? 'runner matches' : 'runners match'}: type more of the name to find yours.`,
  photoLabel: (n: number, total: number) => `Your photo ${n.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
} as const;

/** 'Make my race video' (video/): our own words. */
export const VIDEO_TEXT = {
  title: 'Your race video',
  intro: (seconds: number) => `A ${seconds}-second video of your photos with your name and time at the end, made on this device: nothing is uploaded.`,
  webm: (seconds: number) =>
    `This browser cannot make an MP4 video, so it records a WebM video instead, in real time: it takes about ${seconds} seconds, and some apps do not play WebM.`,
  cannot: 'Videos are made on your device, and this browser has no way to make them. A recent Chrome, Edge, Safari or Firefox can.',
  cannotButton: 'This browser cannot make videos',
  formatLegend: 'Shape',
  format: { story: 'Story (9:16)', wide: 'Wide (16:9)' },
  make: 'Make my race video',
  loading: 'Fetching your photos…',
  making: 'Making your video…',
  progressRegion: 'Race video progress',
  progressLabel: 'Video progress',
  cancel: 'Cancel',
  failed: 'We could not make your video just now. Please try again.',
  ready: (path: 'mp4' | 'webm', seconds: number) => `Your video is ready (${path === 'mp4' ? 'MP4' : 'WebM'}, made in ${seconds.toLocaleString('en-US')} s).`,
  previewLabel: 'Your race video',
  download: 'Download the video',
  share: 'Share the video',
} as const;

// The runner page's links, in a module of their own (the gallery's first load needs only these).
export { certificateHref, posterHref, runnerHref } from './links';
