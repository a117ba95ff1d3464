export * from './envelope.js';
export * from './primitives.js';
export * from './organiser.js';
export * from './event.js';
export * from './photo.js';
export * from './queries.js';
export * from './contact.js';
