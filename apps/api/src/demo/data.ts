import type { CertificateTemplate } from '@eventsite/contract';

/** What `demo` creates: two organisers on local host names, a dozen events each. */
export interface DemoEvent {
  name: string;
  date: string;
  city: string;
  photos: number;
  /** The one large gallery the browser tests need: kept whole when the others are small (`demo --small-events`). */
  flagship?: boolean;
  published: boolean;
  /** Race results for the runners in its photos: name search, result cards, certificates. */
  results?: boolean;
  /** Its event_photos_config, validated like an operator's (the features it shows off). */
  features?: Record<string, unknown>;
  /** Assets the API hosts (apps/api/assets), stored as paths and made absolute per response. */
  bannerAsset?: string;
  /** The co-branded client (client_enabled): a sponsor's name beside the organiser's. */
  client?: { name: string; logoAsset: string };
  /** The organiser's own certificate design (enable_custom_certificate). */
  certificate?: Omit<CertificateTemplate, 'background_url'> & { backgroundAsset: string };
}

export interface DemoOrganiser {
  /** Validated with the contract's organiserInput, like a config file. */
  config: Record<string, unknown>;
  /** Hosted by this API (GET /assets/{file}); stored as a path, made absolute per response. */
  logoAsset: string;
  events: DemoEvent[];
}

export const DEMO_ORGANISERS: DemoOrganiser[] = [
  {
    logoAsset: 'city-marathon-photos.png',
    config: {
      name: 'City Marathon Photos',
      domains: ['localhost'],
      description:
        'Official photographers of city road races since 2012: every finisher, every mile marker, free to find by bib number.',
      website: 'https://citymarathon.example.com',
      contact_email: 'hello@citymarathon.example.com',
      extra_config: {
        themeColor: '#C2410C',
        headerDesign: 'default',
        headerCta: {
          text: 'Register',
          href: 'https://citymarathon.example.com/register',
          position: 'right',
        },
        footer_config: {
          hide9picBranding: false,
          footerText: '© 2026 City Marathon Photos. Photos are free for personal use.',
          socialMediaLinks: [
            {
              platform: 'instagram',
              url: 'https://www.instagram.com/citymarathonphotos',
              label: 'Instagram',
            },
            {
              platform: 'facebook',
              url: 'https://www.facebook.com/citymarathonphotos',
              label: 'Facebook',
            },
            { platform: 'x', url: 'https://x.com/citymarathonpix', label: 'X' },
            {
              platform: 'youtube',
              url: 'https://www.youtube.com/@citymarathonphotos',
              label: 'YouTube',
            },
          ],
        },
      },
    },
    events: [
      // The flagship: every search, results, certificates, a banner, a sponsor and a gallery button.
      {
        name: 'Harbour City Marathon 2026',
        date: '2026-04-12',
        city: 'Rotterdam',
        photos: 500,
        flagship: true,
        published: true,
        results: true,
        features: {
          feature_flag: {
            show_timing_data: true,
            name_search: true,
            selfie_search: true,
            download_certificate: true,
            enable_custom_certificate: true,
            cta_enabled: true,
            client_enabled: true,
          },
          cta_config: {
            text: 'Order prints of your photos',
            url: 'https://citymarathon.example.com/prints',
            placement: 'both',
            pass_search: true,
          },
        },
        bannerAsset: 'harbour-city-marathon-banner.png',
        client: { name: 'Harbour Bank', logoAsset: 'harbour-bank.png' },
        certificate: {
          backgroundAsset: 'city-marathon-certificate.png',
          page: { size: 'A4', orientation: 'landscape' },
          fields: [
            {
              key: 'name',
              x: 421,
              y: 226,
              font_size: 34,
              colour: '#1F2937',
              align: 'center',
              font_weight: 'bold',
            },
            {
              key: 'event_name',
              x: 421,
              y: 318,
              font_size: 22,
              colour: '#7C2D12',
              align: 'center',
              font_weight: 'bold',
            },
            {
              key: 'event_date',
              x: 421,
              y: 346,
              font_size: 12,
              colour: '#9A3412',
              align: 'center',
              font_weight: 'regular',
            },
            {
              key: 'net_time',
              x: 260,
              y: 414,
              font_size: 24,
              colour: '#1F2937',
              align: 'center',
              font_weight: 'bold',
            },
            {
              key: 'bib',
              x: 421,
              y: 414,
              font_size: 24,
              colour: '#1F2937',
              align: 'center',
              font_weight: 'bold',
            },
            {
              key: 'overall_rank',
              x: 582,
              y: 414,
              font_size: 24,
              colour: '#1F2937',
              align: 'center',
              font_weight: 'bold',
            },
          ],
        },
      },
      // Privacy mode: nothing is listed; a visitor finds their own photos by bib or selfie.
      {
        name: 'Spring Riverside 10K',
        date: '2026-03-08',
        city: 'Manchester',
        photos: 20,
        published: true,
        features: {
          feature_flag: { show_all_images: false, selfie_search: true, bulk_download: false },
        },
      },
      {
        name: 'Old Town Night Run',
        date: '2025-10-18',
        city: 'Prague',
        photos: 28,
        published: true,
      },
      {
        name: 'Autumn Half Marathon',
        date: '2025-09-21',
        city: 'Lyon',
        photos: 14,
        published: true,
      },
      {
        name: 'Bridge to Bridge 15K',
        date: '2025-06-14',
        city: 'Porto',
        photos: 32,
        published: true,
      },
      {
        name: 'Summer Solstice 5K',
        date: '2025-06-21',
        city: 'Copenhagen',
        photos: 10,
        published: true,
      },
      {
        name: 'Vienna City Marathon 2025',
        date: '2025-04-27',
        city: 'Vienna',
        photos: 30,
        published: true,
      },
      {
        name: "Valentine's Fun Run",
        date: '2025-02-09',
        city: 'Dublin',
        photos: 8,
        published: true,
      },
      {
        name: "New Year's Day 10K",
        date: '2025-01-01',
        city: 'Edinburgh',
        photos: 16,
        published: true,
      },
      {
        name: 'Harvest Half Marathon',
        date: '2024-10-06',
        city: 'Bordeaux',
        photos: 22,
        published: true,
      },
      { name: 'Canal Run 10K', date: '2024-05-19', city: 'Amsterdam', photos: 12, published: true },
      // Two more than fit one page of the events list (12), so its pager shows.
      { name: 'Park Relay 4x5K', date: '2024-04-06', city: 'Utrecht', photos: 10, published: true },
      {
        name: 'Castle Hill Climb',
        date: '2024-03-09',
        city: 'Edinburgh',
        photos: 8,
        published: true,
      },
      {
        name: 'Winter Series Race 1',
        date: '2026-11-22',
        city: 'Leeds',
        photos: 8,
        published: false,
      },
    ],
  },
  {
    logoAsset: 'alpine-trail-series.png',
    config: {
      name: 'Alpine Trail Series',
      domains: ['trail.localhost'],
      description:
        'Mountain and trail races across the Alps and beyond, photographed on the climbs that matter.',
      website: 'https://trailseries.example.com',
      contact_email: 'crew@trailseries.example.com',
      extra_config: {
        themeColor: '#2E6F40',
        headerDesign: 'fill',
        headerCta: {
          text: 'Enter 2026',
          href: 'https://trailseries.example.com/entries',
          position: 'left',
        },
        footer_config: {
          hide9picBranding: true,
          footerText: 'Alpine Trail Series · Run wild, leave no trace.',
          socialMediaLinks: [
            {
              platform: 'instagram',
              url: 'https://www.instagram.com/alpinetrailseries',
              label: 'Instagram',
            },
            { platform: 'whatsapp', url: 'https://wa.me/41000000000', label: 'WhatsApp' },
            {
              platform: 'strava',
              url: 'https://www.strava.com/clubs/alpinetrailseries',
              label: 'Strava club',
            },
          ],
        },
      },
    },
    events: [
      // Results, name search and the standard finisher certificate, on the second organiser.
      {
        name: 'Ridge Ultra 50K',
        date: '2025-08-30',
        city: 'Chamonix',
        photos: 502,
        published: true,
        results: true,
        features: {
          feature_flag: { show_timing_data: true, name_search: true, download_certificate: true },
        },
      },
      {
        name: 'Black Forest Trail 21K',
        date: '2026-05-17',
        city: 'Freiburg',
        photos: 24,
        published: true,
      },
      // A gallery button above the photos, without the search passed on.
      {
        name: 'Matterhorn Sky Race',
        date: '2026-07-11',
        city: 'Zermatt',
        photos: 20,
        published: true,
        features: {
          feature_flag: { cta_enabled: true },
          cta_config: {
            text: 'Enter the 2027 race',
            url: 'https://trailseries.example.com/entries',
            placement: 'top',
            pass_search: false,
          },
        },
      },
      {
        name: 'Lakeside Trail 15K',
        date: '2025-09-13',
        city: 'Annecy',
        photos: 12,
        published: true,
      },
      {
        name: 'Verbier Vertical Kilometre',
        date: '2025-07-19',
        city: 'Verbier',
        photos: 18,
        published: true,
      },
      {
        name: 'Spring Trail 10K',
        date: '2025-04-06',
        city: 'Innsbruck',
        photos: 10,
        published: true,
      },
      {
        name: 'Coastal Path 30K',
        date: '2024-09-22',
        city: 'St Ives',
        photos: 26,
        published: true,
      },
      { name: 'Glacier Run', date: '2024-07-27', city: 'Grindelwald', photos: 14, published: true },
      { name: 'Autumn Fells 25K', date: '2024-10-13', city: 'Keswick', photos: 8, published: true },
      {
        name: 'Dolomites Moonlight Trail',
        date: '2025-06-28',
        city: "Cortina d'Ampezzo",
        photos: 12,
        published: true,
      },
      {
        name: 'Highland Fling 53K',
        date: '2024-04-27',
        city: 'Milngavie',
        photos: 16,
        published: true,
      },
      {
        name: 'Davos Snowshoe Race',
        date: '2026-01-24',
        city: 'Davos',
        photos: 8,
        published: false,
      },
    ],
  },
];
