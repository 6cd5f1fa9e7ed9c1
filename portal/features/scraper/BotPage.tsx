import { formatNumber } from '../../../sdk/format';
import { SCRAPER_LIMITS as L, scraperUserAgent } from '../../../contract/schemas/scraping';
import { COMPANY } from '../../lib/content';
import { usePageTitle } from '../../lib/use-page-title';

const ROBOTS_EXAMPLE = `User-agent: ProcuraBot
Disallow: /`;

const DELAY_EXAMPLE = `User-agent: ProcuraBot
Crawl-delay: 10`;

/**
 * /bot: what ProcuraBot is, the user agent it sends (which links here), how it reads robots.txt,
 * how fast it goes, and whom to write to. Its figures are the crawler's own (`SCRAPER_LIMITS`).
 */
export default function BotPage() {
  usePageTitle('ProcuraBot');
  const userAgent = scraperUserAgent(window.location.origin);
  return (
    <div className="container page prose">
      <h1>ProcuraBot</h1>
      <p>
        ProcuraBot is the web crawler of Procura, a marketplace where South African businesses ask for quotes on cleaning, hygiene and maintenance supplies. If
        you found it in your server's logs, this page says what it was doing and how to limit or stop it.
      </p>

      <h2>What it does</h2>
      <p>
        Procura staff point ProcuraBot at public supplier directories and at suppliers' own websites. It reads those pages for businesses and their products as
        the pages describe them in schema.org data (<code>LocalBusiness</code>, <code>Organization</code>, <code>Product</code> with its <code>Offer</code>),
        and follows links to a directory's next pages and to a supplier's product pages on the same site. What it finds waits in a review list: a person at
        Procura decides whether a business is invited onto the marketplace. Nothing it reads is published as it was found.
      </p>
      <p>
        It runs only when a member of staff starts it, one crawl at a time across all of Procura; it does not wander the web, fill in forms, log in, or run the
        scripts on your pages.
      </p>

      <h2>How to recognise it</h2>
      <p>Every request carries this user agent:</p>
      <pre className="code-block">
        <code>{userAgent}</code>
      </pre>

      <h2>robots.txt</h2>
      <ul>
        <li>
          It reads <code>/robots.txt</code> before anything else on a site, and obeys the group that names <code>ProcuraBot</code>, or else the <code>*</code>{' '}
          group (RFC 9309, with <code>*</code> and <code>$</code> in paths).
        </li>
        <li>A site without a robots.txt may be read; if the robots.txt cannot be read (a server error, a timeout), it reads nothing else on that site.</li>
        <li>
          It honours <code>Crawl-delay</code>. A site asking for more than {L.maxCrawlDelaySeconds} seconds between requests is not crawled at all.
        </li>
      </ul>
      <p>To keep ProcuraBot off your whole site:</p>
      <pre className="code-block">
        <code>{ROBOTS_EXAMPLE}</code>
      </pre>
      <p>To slow it down, for example to one request every 10 seconds:</p>
      <pre className="code-block">
        <code>{DELAY_EXAMPLE}</code>
      </pre>

      <h2>How fast it goes</h2>
      <ul>
        <li>
          At most one request every {L.minDelaySeconds === 1 ? 'second' : `${L.minDelaySeconds} seconds`} to one site, or slower when your{' '}
          <code>Crawl-delay</code> asks.
        </li>
        <li>At most {L.maxPages} pages in one crawl.</li>
        <li>
          It waits {L.timeoutSeconds} seconds for a page, reads at most {formatNumber(L.maxPageBytes / (1024 * 1024))} MB of it, takes only HTML pages (
          <code>text/html</code>), and follows at most {L.maxRedirects} redirects.
        </li>
        <li>It fetches only public addresses: never addresses inside a private network, loopback or cloud metadata addresses.</li>
      </ul>

      <h2>Contact</h2>
      <p>
        Questions about ProcuraBot, or a request to stop it reading your site: write to{' '}
        <a href={`mailto:${COMPANY.email}?subject=ProcuraBot`}>{COMPANY.email}</a> or call {COMPANY.phone} ({COMPANY.supportHours}). {COMPANY.name},{' '}
        {COMPANY.address}.
      </p>
    </div>
  );
}
