// @vitest-environment happy-dom
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseConfigParam } from '../../sdk/embed/config';
import { PROTOCOL_VERSION, readWidgetMessage, WIDGET_ERROR, WIDGET_RESIZE, WIDGET_SUCCESS } from '../../sdk/embed/protocol';

const ORIGIN = 'http://localhost:3000';
type Procura = ((...args: unknown[]) => void) & { q?: unknown[][]; widgets?: { embedId: string; iframe: HTMLIFrameElement }[] };
const w = window as unknown as { Procura: Procura };

// The DOM here loads no frames: each iframe gets a window of its own to post from.
const frames = new WeakMap<HTMLIFrameElement, object>();
Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
  configurable: true,
  get(this: HTMLIFrameElement) {
    if (!frames.has(this)) frames.set(this, { postMessage: () => {} });
    return frames.get(this);
  },
});

function send(iframe: HTMLIFrameElement, data: Record<string, unknown>, overrides: Partial<{ origin: string; source: unknown }> = {}) {
  window.dispatchEvent(new MessageEvent('message', { data, origin: overrides.origin ?? ORIGIN, source: (overrides.source ?? iframe.contentWindow) as Window }));
}

/** Lets every message posted so far arrive. */
const settle = () => (window as unknown as { happyDOM: { waitUntilComplete(): Promise<void> } }).happyDOM.waitUntilComplete();

const loaderTags = () => [...document.querySelectorAll<HTMLScriptElement>('script[src$="/api/embed/widget.js"]')];

/** Runs the script as a browser does for one of its tags: a fresh copy, with that tag as `document.currentScript`. */
async function runFor(tag: HTMLScriptElement) {
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => tag });
  try {
    vi.resetModules();
    await import('./index');
  } finally {
    delete (document as { currentScript?: unknown }).currentScript;
  }
}

/** A fresh page whose body holds `html`, with the script run once for each of its tags. */
async function loadPage(html: string) {
  document.body.innerHTML = html;
  delete (w as { Procura?: Procura }).Procura;
  for (const tag of loaderTags()) await runFor(tag);
}

describe('the message protocol', () => {
  const source = {};
  const from = { origin: ORIGIN, source };
  const ok = { type: WIDGET_RESIZE, v: PROTOCOL_VERSION, embedId: 'a', height: 500 };

  it('accepts a well-formed message from the expected window and origin only', () => {
    expect(readWidgetMessage({ data: ok, origin: ORIGIN, source } as never, from, 'a')).toEqual(ok);
    expect(readWidgetMessage({ data: ok, origin: 'https://evil.example', source } as never, from, 'a')).toBeNull();
    expect(readWidgetMessage({ data: ok, origin: ORIGIN, source: {} } as never, from, 'a')).toBeNull();
    expect(readWidgetMessage({ data: ok, origin: ORIGIN, source: null } as never, { origin: ORIGIN, source: null }, 'a')).toBeNull();
    expect(readWidgetMessage({ data: ok, origin: ORIGIN, source } as never, from, 'b')).toBeNull();
  });

  it('refuses other versions, unknown types and missing payloads', () => {
    const read = (data: unknown) => readWidgetMessage({ data, origin: ORIGIN, source } as never, from, 'a');
    expect(read({ ...ok, v: PROTOCOL_VERSION + 1 })).toBeNull();
    expect(read({ ...ok, type: 'PROCURA_WIDGET_SOMETHING' })).toBeNull();
    expect(read({ ...ok, height: 'tall' })).toBeNull();
    expect(read({ ...ok, height: Infinity })).toBeNull();
    expect(read({ type: WIDGET_SUCCESS, v: PROTOCOL_VERSION, embedId: 'a' })).toBeNull();
    expect(read('PROCURA_WIDGET_SUCCESS')).toBeNull();
    expect(read(null)).toBeNull();
  });
});

describe('the loader', () => {
  const success = vi.fn();
  const onDom = vi.fn();

  beforeAll(async () => {
    document.body.innerHTML = `
      <div id="queued"></div>
      <p>Shop text</p>
      <script src="${ORIGIN}/api/embed/widget.js" data-company-name="First" data-embed-id="first" data-compact="true"></script>
      <script src="${ORIGIN}/api/embed/widget.js" data-company-name="Second" data-embed-id="second"></script>
      <script src="${ORIGIN}/api/embed/widget.js"></script>`;
    // The snippet's stub, as a page runs it before the script arrives; pasted twice, it stays one queue.
    for (let i = 0; i < 2; i++) {
      w.Procura =
        w.Procura ||
        Object.assign((...args: unknown[]) => {
          w.Procura.q = w.Procura.q || [];
          w.Procura.q.push(args);
        }, {});
    }
    w.Procura('mount', { container: '#queued', companyName: 'Queued', embedId: 'queued', primaryColor: '#059669' });
    w.Procura('on', 'success', success);
    document.body.addEventListener('PROCURA_WIDGET_SUCCESS', onDom);
    for (const tag of loaderTags()) await runFor(tag);
  });

  const iframes = () => [...document.querySelectorAll('iframe')];
  const widget = (embedId: string) => w.Procura.widgets!.find((x) => x.embedId === embedId)!.iframe;

  it('mounts the queued widget and one per configured script tag, each with its own embed id; the bare tag only loads the script for the code', () => {
    expect(iframes()).toHaveLength(3);
    const configs = iframes().map((f) => parseConfigParam(new URL(f.src).searchParams.get('config')));
    expect(configs.map((c) => [c.embedId, c.companyName, c.compact, c.hostOrigin, c.referrerUrl])).toEqual([
      ['queued', 'Queued', false, ORIGIN, `${ORIGIN}/`],
      ['first', 'First', true, ORIGIN, `${ORIGIN}/`],
      ['second', 'Second', false, ORIGIN, `${ORIGIN}/`],
    ]);
    expect(iframes().map((f) => [f.title, f.getAttribute('loading'), f.style.height])).toEqual([
      ['Queued quote request form', 'lazy', '800px'],
      ['First quote request form', 'lazy', '600px'],
      ['Second quote request form', 'lazy', '800px'],
    ]);
    // The tag-mounted widgets stand where their script tags are; the bare tag has none.
    expect(widget('first').parentElement!.nextElementSibling!.getAttribute('data-embed-id')).toBe('first');
    expect(loaderTags()[2]!.previousElementSibling!.getAttribute('data-embed-id')).toBe('second');
  });

  it('follows the reported height, within bounds', () => {
    const frame = widget('first');
    send(frame, { type: WIDGET_RESIZE, v: PROTOCOL_VERSION, embedId: 'first', height: 731.4 });
    expect(frame.style.height).toBe('731px');
    send(frame, { type: WIDGET_RESIZE, v: PROTOCOL_VERSION, embedId: 'first', height: 99_999 });
    expect(frame.style.height).toBe('4000px');
    send(frame, { type: WIDGET_RESIZE, v: PROTOCOL_VERSION, embedId: 'first', height: 3 });
    expect(frame.style.height).toBe('240px');
  });

  it('hands a success to the queued callbacks and the DOM once, and ignores forgeries', () => {
    const data = { rfqId: '123456789012345678', quoteCount: 3, preview: false };
    const message = { type: WIDGET_SUCCESS, v: PROTOCOL_VERSION, embedId: 'second', data };
    send(widget('second'), message, { origin: 'https://evil.example' });
    send(widget('second'), message, { source: widget('first').contentWindow });
    send(widget('second'), message, { source: window });
    send(widget('first'), message);
    expect(success).not.toHaveBeenCalled();
    expect(onDom).not.toHaveBeenCalled();

    send(widget('second'), message);
    expect(success).toHaveBeenCalledExactlyOnceWith(data, 'second');
    expect(onDom).toHaveBeenCalledTimes(1);
    expect(onDom.mock.calls[0]![0].detail).toEqual({ type: WIDGET_SUCCESS, v: PROTOCOL_VERSION, embedId: 'second', data });
  });

  it("lets the host window hear each success and error once: the widget's own message, never a copy", async () => {
    const heard: { type: string; origin: string; fromWidget: boolean }[] = [];
    const listen = (e: MessageEvent) => {
      if (e.data?.type === WIDGET_SUCCESS || e.data?.type === WIDGET_ERROR)
        heard.push({ type: e.data.type, origin: e.origin, fromWidget: e.source === widget('first').contentWindow });
    };
    const onError = vi.fn();
    w.Procura('on', 'error', onError);
    await settle();
    window.addEventListener('message', listen);
    try {
      // As the browser delivers the widget's post to its parent: once per event.
      send(widget('first'), {
        type: WIDGET_SUCCESS,
        v: PROTOCOL_VERSION,
        embedId: 'first',
        data: { rfqId: '223456789012345678', quoteCount: 5, preview: false },
      });
      send(widget('first'), { type: WIDGET_ERROR, v: PROTOCOL_VERSION, embedId: 'first', error: { code: 'submission_failed', message: 'Too many requests' } });
      await settle();
      expect(heard).toEqual([
        { type: WIDGET_SUCCESS, origin: ORIGIN, fromWidget: true },
        { type: WIDGET_ERROR, origin: ORIGIN, fromWidget: true },
      ]);
      expect(success).toHaveBeenLastCalledWith({ rfqId: '223456789012345678', quoteCount: 5, preview: false }, 'first');
      expect(onError).toHaveBeenCalledExactlyOnceWith({ code: 'submission_failed', message: 'Too many requests' }, 'first');
    } finally {
      window.removeEventListener('message', listen);
    }
  });

  it('mounts a tag added later when its copy of the script runs, leaving the others as they are', async () => {
    document.body.insertAdjacentHTML('beforeend', `<script src="${ORIGIN}/api/embed/widget.js" data-embed-id="third"></script>`);
    await runFor(loaderTags().at(-1)!);
    expect(iframes().map((f) => parseConfigParam(new URL(f.src).searchParams.get('config')).embedId)).toEqual(['queued', 'first', 'second', 'third']);
  });
});

describe('the default snippet', () => {
  const SNIPPET = `<script async src="${ORIGIN}/api/embed/widget.js"></script>`;
  const configs = () => [...document.querySelectorAll('iframe')].map((f) => parseConfigParam(new URL(f.src).searchParams.get('config')));

  it('becomes a widget with the default settings where it stands', async () => {
    await loadPage(`<main><h1>Shop</h1><p>Ask us for a quote.</p>${SNIPPET}</main>`);
    const frames = [...document.querySelectorAll('iframe')];
    expect(frames).toHaveLength(1);
    expect(frames.map((f) => [f.title, f.style.height, f.getAttribute('loading')])).toEqual([['Procura quote request form', '800px', 'lazy']]);
    expect(frames[0]!.parentElement!.previousElementSibling!.textContent).toBe('Ask us for a quote.');
    expect(frames[0]!.parentElement!.nextElementSibling!.tagName).toBe('SCRIPT');
    const [config] = configs();
    expect(config).toMatchObject({
      primaryColor: '#3b82f6',
      compact: false,
      quick: false,
      hideProcuraBranding: false,
      theme: 'light',
      hostOrigin: ORIGIN,
      referrerUrl: `${ORIGIN}/`,
    });
    expect(config!.embedId).toMatch(/^procura-/);
    expect(config!.companyName).toBeUndefined();
  });

  it('pasted twice, gives one widget per tag', async () => {
    await loadPage(`<section id="a">${SNIPPET}</section><section id="b">${SNIPPET}</section>`);
    expect(document.querySelectorAll('#a iframe')).toHaveLength(1);
    expect(document.querySelectorAll('#b iframe')).toHaveLength(1);
    expect(document.querySelectorAll('iframe')).toHaveLength(2);
    expect(new Set(configs().map((c) => c.embedId)).size).toBe(2);
  });

  it('in the head, puts its widget at the end of the body', async () => {
    document.head.insertAdjacentHTML('beforeend', SNIPPET);
    try {
      await loadPage('<p>Shop text</p>');
      expect(document.body.lastElementChild!.querySelector('iframe')).not.toBeNull();
      expect(document.querySelectorAll('iframe')).toHaveLength(1);
    } finally {
      document.head.querySelector('script')?.remove();
    }
  });

  it('with a container named, mounts there even on a page that mounts from code', async () => {
    document.body.innerHTML = `<div id="coded"></div><aside id="side"></aside><script async src="${ORIGIN}/api/embed/widget.js" data-container="#side"></script>`;
    delete (w as { Procura?: Procura }).Procura;
    (w as { Procura?: unknown }).Procura = Object.assign(() => {}, { q: [['mount', { container: '#coded', embedId: 'coded' }]] });
    await runFor(loaderTags()[0]!);
    expect(document.querySelectorAll('#coded iframe, #side iframe')).toHaveLength(2);
    expect(document.querySelectorAll('iframe')).toHaveLength(2);
  });
});

describe('a widget that does not load', () => {
  it('reports an error after the frame loads without saying it is ready, and can be retried', async () => {
    vi.useFakeTimers();
    try {
      const { mountWidget } = await import('../../sdk/embed/mount');
      const container = document.createElement('div');
      document.body.append(container);
      const widget = mountWidget(container, { baseUrl: ORIGIN, embedId: 'broken', readyTimeoutMs: 5000 });
      const errors: unknown[] = [];
      const off = widget.on('error', (e) => errors.push(e));
      const onDom = vi.fn();
      container.addEventListener(WIDGET_ERROR, onDom);
      const firstSrc = widget.iframe.src;

      widget.iframe.dispatchEvent(new Event('load'));
      vi.advanceTimersByTime(4999);
      expect(errors).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(errors).toEqual([{ code: 'load_failed', message: 'The quote form did not load' }]);
      expect(onDom).toHaveBeenCalledOnce();
      expect(onDom.mock.calls[0]![0].detail).toEqual({
        type: WIDGET_ERROR,
        v: PROTOCOL_VERSION,
        embedId: 'broken',
        error: { code: 'load_failed', message: 'The quote form did not load' },
      });

      const retry = container.querySelector('button')!;
      expect(retry.textContent).toBe('Retry loading the quote form');
      retry.click();
      expect(container.querySelector('button')).toBeNull();
      expect(widget.iframe.src).toBe(firstSrc);

      // Ready in time: no error.
      widget.iframe.dispatchEvent(new Event('load'));
      send(widget.iframe, { type: 'PROCURA_WIDGET_READY', v: PROTOCOL_VERSION, embedId: 'broken' });
      vi.advanceTimersByTime(10_000);
      expect(errors).toHaveLength(1);

      off();
      widget.destroy();
      expect(container.querySelector('iframe')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
