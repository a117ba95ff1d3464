import { FACE_RETENTION_DAYS } from '@eventsite/contract/constants';

/** The link to the privacy page: in the footer, the selfie consent step and "Hide me". */
export const PRIVACY_LINK = 'Your privacy';
export const PRIVACY_PATH = '/privacy';

export interface PrivacySection {
  id: string;
  heading: string;
  paragraphs: string[];
}

/**
 * The privacy page, in plain words: what the site keeps about a visitor, why, for how long, and
 * how to have it removed. Every sentence is true of the platform as built (docs/privacy.md).
 */
export const PRIVACY_TEXT = {
  title: (organiser: string) => `Your privacy - ${organiser}`,
  heading: 'Your privacy',
  intro: (organiser: string) =>
    `${organiser} publishes the photos of its events on this site so that you can find and download yours. You need no account. This page says what the site keeps about you, why, for how long, and how to have it removed.`,
  sections: [
    {
      id: 'photos',
      heading: 'Photos of you',
      paragraphs: [
        'The photos are taken at the events by the organiser’s photographers and shown here so that participants can find theirs. They stay for as long as the organiser keeps the event online.',
        'If you would rather not be seen, use “Hide me” (below) or write to the organiser.',
      ],
    },
    {
      id: 'search',
      heading: 'Finding your photos by bib or name',
      paragraphs: [
        'The bib number or name you type is used to find your photos. Bib numbers read on the photos, and race results the organiser imports, are kept as long as the event.',
        'A search that finds nothing is counted, with the words searched for and never who searched, so that the organiser can find photos that are missing.',
      ],
    },
    {
      id: 'selfie',
      heading: 'Selfie search and face data',
      paragraphs: [
        'Where an event offers selfie search, the faces on its photos are described as numbers so that a selfie can find them. This face data is biometric data, and it is used for nothing else. An organiser may choose to describe only the runners’ faces (a face above a race bib), and not those of spectators or passers-by.',
        'Your selfie is processed on your device. Only a description of your face (numbers, not a picture) is sent to find your photos, and neither the selfie nor its description is kept.',
        `The face data of an event’s photos is deleted a set time after the event: ${FACE_RETENTION_DAYS} days, unless the organiser chose fewer, or earlier when the organiser erases it. The photos stay; selfie search for that event then ends.`,
      ],
    },
    {
      id: 'hide-me',
      heading: 'Hide me',
      paragraphs: [
        'On an event with selfie search, “Hide me” blurs your face on its photos: from a selfie, it finds the photos you are on and blurs you on them. The description of your face is then kept, only to blur you on photos added later, for as long as the event is online.',
        'To undo it, write to the organiser.',
      ],
    },
    {
      id: 'counts',
      heading: 'Counts, not people',
      paragraphs: [
        'Visits, searches, downloads and shares are counted per day; the counts say nothing about who you are. Your favourites are kept in your own browser only.',
        'The address of your device is used for a few minutes to stop abuse, such as too many searches at once, and is never stored with what you did.',
      ],
    },
    {
      id: 'messages',
      heading: 'Messages',
      paragraphs: [
        'If you write to the organiser through this site, your name, email address and message go to the organiser, who keeps them to answer you.',
      ],
    },
  ] satisfies PrivacySection[],
  questions: 'Questions, or to have your data removed',
  ask: (organiser: string) => `Write to ${organiser}`,
  policy: (organiser: string) => `${organiser}’s own privacy policy`,
} as const;
