import { PUBLIC_PAGES } from '../../contract/public-pages';
import otherPaths from './paths.json';

/** Every route the portal serves: the public pages (contract/public-pages.json), then the rest (paths.json). */
export const paths: readonly string[] = [...PUBLIC_PAGES.map((page) => page.path), ...otherPaths];
