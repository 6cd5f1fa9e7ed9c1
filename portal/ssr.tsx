// The portal's server renderer: built by rollup into dist/ssr/render.js (React included), loaded
// by the server at run time to render the content pages with the current figures. The browser
// hydrates what it renders (portal/main.tsx builds the same tree).
import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { PUBLIC_PAGES } from '../contract/public-pages';
import type { SiteFigures } from '../sdk/schemas/site';
import { App } from './app/App';
import { SiteFiguresProvider } from './lib/site-figures';
import { PageDataProvider, type PageData } from './lib/page-data';
import { HeadContext, SITE_DESCRIPTION, type HeadCollector } from './lib/use-page-title';

/** The pages rendered on the server (contract/public-pages.json marks them). */
export const serverRendered: readonly string[] = PUBLIC_PAGES.filter((page) => page.serverRendered).map((page) => page.path);

/** Aliases show the page of their canonical path. */
const CANONICAL: Record<string, string> = Object.fromEntries(PUBLIC_PAGES.flatMap((page) => (page.canonical ? [[page.path, page.canonical]] : [])));

/** Renders `path` with `figures` (and a pattern page's `data`): the markup for #root and the head the page asked for. */
export async function render(
  path: string,
  figures: SiteFigures | null,
  data: PageData | null = null,
): Promise<{ html: string; head: { title: string; description: string; canonicalPath: string } }> {
  const head: HeadCollector = {};
  // React would leave a failed part for the browser to render; the server answers the plain shell instead.
  let failure: unknown = null;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <HeadContext.Provider value={head}>
        <SiteFiguresProvider initial={figures}>
          <PageDataProvider initial={data}>
            <Router ssrPath={path}>
              <App />
            </Router>
          </PageDataProvider>
        </SiteFiguresProvider>
      </HeadContext.Provider>
    </StrictMode>,
    {
      onError: (error) => {
        failure ??= error;
      },
      // React moves a large Suspense boundary out of line, to be put in place by an inline
      // script: the Content-Security-Policy forbids those, and a crawler runs none. Every page
      // arrives whole and in order.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (failure) throw failure;
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(Buffer.from(chunk as Uint8Array));
  const meta = head.meta ?? { title: 'Procura', description: SITE_DESCRIPTION, canonicalPath: path };
  return { html: Buffer.concat(chunks).toString('utf8'), head: { ...meta, canonicalPath: CANONICAL[path] ?? meta.canonicalPath } };
}
