import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { SCRAPER_MESSAGES as M, type ScrapeSession, type ScrapingStatus } from '../../../contract/schemas/scraping';
import { TextField } from '../../../widget/ui/TextField';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { useToast } from '../../components/ui/toast';
import { staffApi } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { fieldErrors, errorMessage } from '../../lib/api-errors';
import { DirectoryList } from './DirectoryList';
import { ResultsPreview } from './ResultsPreview';
import { ReviewList } from './ReviewList';
import { durationText, endToast, KIND_LABELS, sessionLine, STATUS_LABELS } from './session-text';
import './scraper.css';

/** How often the page asks for a running crawl's progress. */
export const POLL_MS = 500;

type Action = 'url' | 'directories' | 'products' | 'demo' | 'stop' | 'save';

function StatusPanel({ status }: { status: ScrapingStatus }) {
  const { isRunning, session } = status;
  return (
    <section className="card stack" aria-labelledby="scraper-status">
      <div className="card-title">
        <h2 id="scraper-status" className="flush">
          Status
        </h2>
        <span className={`badge ${isRunning ? 'badge-primary' : 'badge-success'}`}>{isRunning ? 'Active' : 'Ready'}</span>
      </div>
      {session ? (
        <SessionFacts session={session} running={isRunning} />
      ) : (
        <p className="muted">No crawl has run yet. Type a directory URL below, or run the demo.</p>
      )}
    </section>
  );
}

function SessionFacts({ session, running }: { session: ScrapeSession; running: boolean }) {
  return (
    <div className="stack">
      <p className="flush">
        <strong>
          Session {session.id}: {KIND_LABELS[session.kind]}
        </strong>{' '}
        <span className="muted">({running ? 'running' : STATUS_LABELS[session.status].toLowerCase()})</span>
      </p>
      <div className="progress-row">
        <div
          className="meter progress-meter"
          role="progressbar"
          aria-label={`Progress of session ${session.id}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={session.progress}
          aria-valuetext={`${session.progress}%: ${sessionLine(session)}`}
        >
          <span style={{ width: `${session.progress}%` }} />
        </div>
        <span className="progress-figure">{session.progress}%</span>
      </div>
      <p className="small flush">{sessionLine(session)}</p>
      <dl className="facts small">
        <dt>Waiting for review</dt>
        <dd>{session.awaitingReview}</dd>
        <dt>Approved</dt>
        <dd>{session.approved}</dd>
        <dt>Rejected</dt>
        <dd>{session.rejected}</dd>
        <dt>Websites read</dt>
        <dd>{session.directories}</dd>
        <dt>Time</dt>
        <dd>{durationText(session.duration)}</dd>
      </dl>
      {session.error ? <p className="small field-error">{session.error}</p> : null}
    </div>
  );
}

/**
 * /scraper (role admin): crawl a directory URL, the saved directory list or approved suppliers'
 * sites, or the sample directory as a demo; watch the server's real progress; preview the first
 * results; approve what should join the market and reject the rest.
 */
export default function ScraperPage() {
  usePageTitle('Data Scraper');
  const toast = useToast();
  const [status, setStatus] = useState<ScrapingStatus | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | undefined>();
  const [pending, setPending] = useState<Action | null>(null);
  // Bumped when a crawl ends or an item is decided, so the lists read again.
  const [refresh, setRefresh] = useState(0);
  const changed = useCallback(() => setRefresh((n) => n + 1), []);
  /** Running sessions this page has seen: their end is announced once. */
  const watched = useRef(new Set<number>());
  /**
   * Sessions this page has seen end. A progress read the server answered while one still ran can
   * reach the page after its end: it is stale, and would show it running and announce its end again.
   */
  const ended = useRef(new Set<number>());
  /** The demo's own answer announces its end; the progress reads leave it to that. */
  const demoPending = useRef(false);

  const apply = useCallback(
    (next: ScrapingStatus) => {
      const s = next.session;
      if (s && next.isRunning && ended.current.has(s.id)) return;
      setStatus(next);
      if (!s) return;
      if (next.isRunning) {
        watched.current.add(s.id);
        return;
      }
      ended.current.add(s.id);
      if (watched.current.delete(s.id)) {
        if (!(s.kind === 'sample' && demoPending.current)) toast(endToast(s));
        changed();
      }
    },
    [toast, changed],
  );

  useEffect(() => {
    const controller = new AbortController();
    staffApi()
      .scraping.status({ signal: controller.signal })
      .then(apply, (err: unknown) => !controller.signal.aborted && setLoadError(errorMessage(err)));
    return () => controller.abort();
  }, [apply]);

  const active = Boolean(status?.isRunning) || pending === 'demo';
  useEffect(() => {
    if (!active) return;
    // The product reads its data once and never polls. A running crawl is the one
    // exception: its progress moves on the server by itself, so while it runs the page asks for
    // it every half second, and stops asking when the crawl ends.
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(() => {
        staffApi()
          .scraping.status()
          .then(
            (s) => live && apply(s),
            () => {}, // the next read tries again
          )
          .finally(() => live && next());
      }, POLL_MS);
    };
    next();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [active, apply]);

  const started = (session: ScrapeSession) => {
    watched.current.add(session.id);
    setStatus({ isRunning: true, session });
    toast({ title: M.started, description: M.startedText(session.id) });
  };

  const run = async (action: Action, work: () => Promise<void>, failure: string) => {
    setPending(action);
    try {
      await work();
    } catch (err) {
      toast({ title: failure, description: errorMessage(err), variant: 'destructive' });
    } finally {
      setPending(null);
    }
  };

  /** Whether a URL is typed; when not, says so at the field and puts the cursor there. */
  const urlGiven = () => {
    if (url.trim()) {
      setUrlError(undefined);
      return true;
    }
    setUrlError(M.enterUrl);
    toast({ title: M.enterUrl, variant: 'destructive' });
    document.getElementById('scraper-url')?.focus();
    return false;
  };

  const scrapeUrl = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (!urlGiven()) return;
    setPending('url');
    try {
      started((await staffApi().scraping.scrape({ url })).session);
    } catch (err) {
      const field = fieldErrors(err).url;
      setUrlError(field ?? errorMessage(err));
      toast({ title: M.error, description: field ?? errorMessage(err), variant: 'destructive' });
    } finally {
      setPending(null);
    }
  };

  const saveDirectory = () => {
    if (!urlGiven()) return;
    return run(
      'save',
      async () => {
        try {
          await staffApi().scraping.addDirectory({ url });
        } catch (err) {
          setUrlError(fieldErrors(err).url ?? errorMessage(err));
          throw err;
        }
        setUrl('');
        toast({ title: 'Directory saved', description: 'It is crawled with the saved list.' });
        changed();
      },
      M.error,
    );
  };

  const demo = () => {
    demoPending.current = true;
    return run(
      'demo',
      async () => {
        try {
          const { session } = await staffApi().scraping.simulate();
          ended.current.add(session.id);
          watched.current.delete(session.id);
          setStatus({ isRunning: false, session });
          changed();
          if (session.status === 'completed') toast({ title: M.demoCompleted, description: M.demoCompletedText(session.awaitingReview, session.totalScraped) });
          else
            toast({ title: M.demoFailed, description: session.error ?? `The demo was ${STATUS_LABELS[session.status].toLowerCase()}`, variant: 'destructive' });
        } finally {
          demoPending.current = false;
        }
      },
      M.demoFailed,
    );
  };

  const stop = () =>
    run(
      'stop',
      async () => {
        await staffApi().scraping.stop();
        apply(await staffApi().scraping.status());
      },
      M.error,
    );

  if (loadError) return <ErrorAlert title="Could not load the scraper" message={loadError} />;

  const running = Boolean(status?.isRunning);
  const busy = pending !== null || running;
  /** A button that starts a crawl of saved sites: 'Starting…' while the call runs. */
  const crawl = (action: 'directories' | 'products', label: string, start: () => Promise<{ session: ScrapeSession }>, failure: string) => (
    <button
      type="button"
      className="button button-secondary"
      disabled={busy}
      onClick={() => run(action, async () => started((await start()).session), failure)}
    >
      {pending === action ? 'Starting…' : label}
    </button>
  );
  const session = status?.session ?? null;
  return (
    <div className="container page stack">
      <div className="hero">
        <h1>Data Scraper</h1>
        <p className="muted">
          Finds suppliers and their prices on directory websites, politely (<Link href="/bot">how ProcuraBot crawls</Link>). Nothing found joins the market
          until you approve it below.
        </p>
      </div>
      {status ? (
        <StatusPanel status={status} />
      ) : (
        <div className="skeleton" role="status" aria-label="Loading the scraper's status" style={{ height: '8rem' }} />
      )}

      <section className="card stack" aria-labelledby="scraper-controls">
        <h2 id="scraper-controls">Scraping controls</h2>
        <form className="form-stack" onSubmit={scrapeUrl} noValidate>
          <TextField
            id="scraper-url"
            name="url"
            type="url"
            label="Directory URL"
            hint="A page that lists suppliers, such as a trade directory's category page. Its next pages are followed on the same site."
            placeholder="https://directory.example.co.za/cleaning-suppliers"
            value={url}
            onChange={(v) => {
              setUrl(v);
              if (urlError) setUrlError(undefined);
            }}
            error={urlError}
          />
          <div className="button-row">
            <button type="submit" className="button" disabled={busy}>
              {pending === 'url' ? 'Starting…' : 'Start Scraping'}
            </button>
            <button type="button" className="button button-secondary" onClick={saveDirectory} disabled={pending !== null}>
              {pending === 'save' ? 'Saving…' : 'Save to directory list'}
            </button>
            <button type="button" className="button button-secondary" onClick={stop} disabled={!running || (pending !== null && pending !== 'demo')}>
              {pending === 'stop' ? 'Stopping…' : 'Stop'}
            </button>
          </div>
        </form>
        <div className="button-row">
          {crawl('directories', 'Crawl saved directories', () => staffApi().scraping.start(), M.failed)}
          {crawl('products', 'Scrape supplier products', () => staffApi().scraping.products(), M.productsFailed)}
          <button type="button" className="button button-secondary" disabled={busy} onClick={demo}>
            {pending === 'demo' ? 'Running demo…' : 'Run demo'}
          </button>
        </div>
        <p className="small muted flush">
          The demo crawls the <a href="/scraper-sample/index.html">sample directory</a> that ships with Procura, with the same rules and checks as any site.
          Supplier products are read from the websites of suppliers approved here.
        </p>
      </section>

      {session ? <ResultsPreview sessionId={session.id} found={session.totalScraped} refresh={refresh} /> : null}
      <ReviewList refresh={refresh} onDecided={changed} />
      <DirectoryList refresh={refresh} onChanged={changed} />
    </div>
  );
}
