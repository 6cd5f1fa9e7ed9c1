import { describe, expect, it } from 'vitest';
import { render, serverRendered } from './ssr';
import { paths } from './app/paths';
import { FIGURES } from './test/figures';

describe('the server renderer', () => {
  it('renders a content page with its heading, text and figures, and its head', async () => {
    const page = await render('/about', FIGURES);
    expect(page.html).toContain('<h1>About Procura</h1>');
    expect(page.html).toContain('<dt>Suppliers in good standing</dt><dd>58</dd>');
    expect(page.html).toContain('<a aria-current="page" href="/about">About</a>');
    expect(page.head).toEqual({
      title: 'About Procura · Procura',
      description:
        'Procura connects South African businesses with suppliers of cleaning, hygiene and maintenance supplies: priced quotes from real price lists in seconds.',
      canonicalPath: '/about',
    });
  });

  it('renders the directory from the figures it is given', async () => {
    const page = await render('/suppliers', FIGURES);
    expect(page.html).toContain('<h3>Johannesburg</h3>');
    expect(page.html).toContain('Average response: <!-- -->16.2 hours');
  });

  it('names the canonical page of an alias', async () => {
    expect((await render('/documentation', FIGURES)).head.canonicalPath).toBe('/docs');
  });

  it("renders every page the public page list marks, none of them as the 404 page, and names an alias's page as canonical", async () => {
    expect(serverRendered).toEqual(expect.arrayContaining(['/privacy', '/privacy-policy', '/privacy-compliance', '/demo']));
    for (const path of serverRendered) {
      const page = await render(path, FIGURES);
      expect([path, page.html.includes('Page Not Found')]).toEqual([path, false]);
    }
    expect((await render('/privacy-policy', FIGURES)).head.canonicalPath).toBe('/privacy');
  });

  it('renders the 404 page for a path the portal does not route', async () => {
    const page = await render('/no-such-page', FIGURES);
    expect(page.html).toContain('<h1>Page Not Found</h1>');
    expect(page.head.title).toBe('Page Not Found · Procura');
  });

  it('renders only public pages: no staff page, no page of a token', () => {
    for (const path of serverRendered) expect(path).not.toMatch(/^\/(admin|staff|quote\/|quote-success|partners)/);
    const routed = serverRendered.filter((p) => paths.includes(p));
    expect(routed).toEqual(expect.arrayContaining(['/', '/about', '/vision', '/how-it-works', '/suppliers', '/compliance', '/docs']));
  });
});

describe('a large page', () => {
  it('arrives whole and in order, with no script to put parts of it in place', async () => {
    const cities = Array.from({ length: 300 }, (_, i) => ({ ...FIGURES.cities[0]!, id: `city-${i}`, name: `City ${i}` }));
    const page = await render('/suppliers', { ...FIGURES, cities });
    expect(page.html.length).toBeGreaterThan(50_000);
    expect(page.html).toContain('<h3>City 299</h3>');
    expect(page.html).not.toContain('<script');
    expect(page.html).not.toContain('<template');
  });
});
