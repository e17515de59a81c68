import { pages } from './pages';

/** What `npm run validate` checks routes.config.json against. */
export const pageKeys = Object.keys(pages);
