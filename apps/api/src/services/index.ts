import type { BlobStores } from '../adapters/blobs.js';
import type { Db } from '../adapters/db/index.js';
import { ContactMessageRepository } from '../repositories/contact.js';
import { EventRepository } from '../repositories/events.js';
import { OrganiserRepository } from '../repositories/organisers.js';
import { PhotoRepository } from '../repositories/photos.js';
import { ApiTokenRepository } from '../repositories/tokens.js';
import { ContactService } from './contact.js';
import { EventService } from './events.js';
import { ImportService } from './imports.js';
import { OrganiserService } from './organisers.js';
import { PhotoService } from './photos.js';
import { ApiTokenService } from './tokens.js';

export interface Services {
  organisers: OrganiserService;
  events: EventService;
  photos: PhotoService;
  imports: ImportService;
  contact: ContactService;
  tokens: ApiTokenService;
}

export function createServices(db: Db, blobs: BlobStores): Services {
  const eventRepo = new EventRepository(db);
  const photoRepo = new PhotoRepository(db);
  const organisers = new OrganiserService(new OrganiserRepository(db), eventRepo);
  const events = new EventService(eventRepo, photoRepo, organisers);
  const photos = new PhotoService(photoRepo, events, blobs);
  events.onChange = () => photos.forgetLookups();
  return {
    organisers,
    events,
    photos,
    imports: new ImportService(photoRepo, events, blobs),
    contact: new ContactService(new ContactMessageRepository(db), organisers),
    tokens: new ApiTokenService(new ApiTokenRepository(db), organisers),
  };
}
