import { describe, expect, it } from 'vitest';
import { composePage } from './server-pages';

const SHELL = `<!doctype html>
<html lang="en">
<head>
<meta name="description" content="The site in general.">
<title>Procura · Quotes</title>
<link rel="stylesheet" href="/assets/portal.css">
</head>
<body>
<div id="root"></div>
<script type="module" src="/assets/portal.js"></script>
</body>
</html>`;

describe('composePage', () => {
  it("puts the page's head, markup and figures into the shell", () => {
    const figures = { asOf: '2026-11-18T09:40:00.000Z', note: '</script><script>alert(1)</script>' } as never;
    const html = composePage(
      SHELL,
      { html: '<h1>About</h1>', head: { title: 'About "us" · Procura', description: 'Who & why', canonicalPath: '/about' } },
      figures,
      'https://procura.example',
    );
    expect(html).not.toContain('The site in general.');
    expect(html).not.toContain('<title>Procura · Quotes</title>');
    expect(html).toContain(
      [
        '<title>About &quot;us&quot; · Procura</title>',
        '<meta name="description" content="Who &amp; why">',
        '<link rel="canonical" href="https://procura.example/about">',
        '<meta property="og:type" content="website">',
        '<meta property="og:site_name" content="Procura">',
        '<meta property="og:title" content="About &quot;us&quot; · Procura">',
        '<meta property="og:description" content="Who &amp; why">',
        '<meta property="og:url" content="https://procura.example/about">',
        '<meta name="twitter:card" content="summary">',
        '</head>',
      ].join('\n'),
    );
    expect(html).toContain(
      '<div id="root"><h1>About</h1></div><script type="application/json" id="site-figures">{"asOf":"2026-11-18T09:40:00.000Z","note":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script>',
    );
    expect(JSON.parse(/id="site-figures">(.*?)<\/script>/.exec(html)![1]!)).toEqual(figures);
  });
});
