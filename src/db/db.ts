// The one database of the app and of its service worker.
import { KiriDatabase } from './schema';

export const db = new KiriDatabase();
