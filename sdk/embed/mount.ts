import { embedUrl, INITIAL_HEIGHT, type WidgetConfig } from './config';
import {
  PROTOCOL_VERSION,
  readWidgetMessage,
  WIDGET_ERROR,
  WIDGET_READY,
  WIDGET_RESIZE,
  WIDGET_SUCCESS,
  type WidgetErrorData,
  type WidgetMessage,
  type WidgetSuccessData,
} from './protocol';

/**
 * What each widget event carries.
 *
 * @example
 * const onSuccess = (data: WidgetEventMap['success']) => console.log(data.rfqId, data.quoteCount);
 */
export interface WidgetEventMap {
  success: WidgetSuccessData;
  error: WidgetErrorData;
  resize: { height: number };
  ready: undefined;
}
/**
 * The events a widget reports: `success`, `error`, `resize` and `ready`.
 *
 * @example
 * const events: WidgetEventName[] = ['success', 'error'];
 */
export type WidgetEventName = keyof WidgetEventMap;
/**
 * A handler of one event, given its payload and the widget's embed id.
 *
 * @example
 * const onError: WidgetEventHandler<'error'> = (error, embedId) => console.warn(embedId, error.code, error.message);
 */
export type WidgetEventHandler<E extends WidgetEventName> = (payload: WidgetEventMap[E], embedId: string) => void;

/**
 * A widget on the page, as {@link mountWidget} answers it.
 *
 * @example
 * const widget: MountedWidget = mountWidget(container, { baseUrl: 'https://procura.example' });
 * const off = widget.on('resize', ({ height }) => console.log(height));
 * off();
 * widget.destroy();
 */
export interface MountedWidget {
  readonly embedId: string;
  readonly iframe: HTMLIFrameElement;
  /** Adds a handler; answers a function that removes it. */
  on<E extends WidgetEventName>(event: E, handler: WidgetEventHandler<E>): () => void;
  /** Loads the widget again, after a failed load. */
  retry(): void;
  /** Removes the iframe and every listener this widget added. */
  destroy(): void;
}

/**
 * Where the widget comes from and how it is set up: its configuration and the Procura origin serving it.
 *
 * @example
 * const options: EmbedOptions = { baseUrl: 'https://procura.example', partnerId: 'pt_123', companyName: 'Acme', theme: 'branded', primaryColor: '#059669', compact: true };
 */
export interface EmbedOptions extends Partial<Omit<WidgetConfig, 'hostOrigin' | 'referrerUrl'>> {
  /** The Procura origin serving /widget-embed, e.g. `https://procura.example`. */
  baseUrl: string;
  /** How long after the iframe loads the widget must say it is ready before the load counts as failed (10 s). */
  readyTimeoutMs?: number;
}

let count = 0;

/**
 * Puts the quote widget into `container` as an iframe and listens to it: the iframe's messages
 * are accepted only from its own window at the Procura origin. The iframe's height follows the
 * widget's content, clamped to 240-4000 px. Each success and error goes to the `on` handlers and,
 * as a DOM event of its message type (`PROCURA_WIDGET_SUCCESS`, `PROCURA_WIDGET_ERROR`) with the
 * message as `detail`, to the container; the host window itself hears the widget's own message
 * once, from the Procura origin.
 *
 * @example
 * import { mountWidget } from 'procura/embed';
 *
 * const widget = mountWidget(document.getElementById('quotes')!, { baseUrl: 'https://procura.example', companyName: 'Acme', partnerId: 'pt_123' });
 * const off = widget.on('success', ({ rfqId, quoteCount }) => console.log(rfqId, quoteCount));
 * // later: off(); widget.destroy();
 */
export function mountWidget(container: Element, options: EmbedOptions): MountedWidget {
  const { baseUrl, readyTimeoutMs = 10_000, ...config } = options;
  const origin = new URL(baseUrl).origin;
  const embedId = config.embedId || `procura-${Date.now()}-${++count}`;
  let handlers: { [E in WidgetEventName]?: WidgetEventHandler<E>[] } = {};
  const here = location;
  const iframe = document.createElement('iframe');
  let ready = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryButton: HTMLButtonElement | undefined;

  // The host window already hears the widget's own message to its parent, so successes and
  // errors are never posted again: a page counting messages would count each one twice.
  const emit = <E extends WidgetEventName>(event: E, payload?: WidgetEventMap[E], message?: WidgetMessage) => {
    for (const h of handlers[event] ?? []) h(payload!, embedId);
    if (message) container.dispatchEvent(new CustomEvent(message.type, { detail: message, bubbles: true }));
  };

  const src = embedUrl(origin, { ...config, embedId, hostOrigin: here.origin, referrerUrl: here.origin + here.pathname });
  iframe.title = `${config.companyName || 'Procura'} quote request form`;
  iframe.setAttribute('loading', 'lazy');
  iframe.style.cssText = `width:100%;border:0;display:block;height:${config.compact || config.quick ? INITIAL_HEIGHT.compact : INITIAL_HEIGHT.full}px`;

  const onLoad = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (ready || retryButton) return;
      retryButton = document.createElement('button');
      retryButton.textContent = 'Retry loading the quote form';
      retryButton.onclick = widget.retry;
      container.append(retryButton);
      const error = { code: 'load_failed', message: 'The quote form did not load' };
      emit('error', error, { type: WIDGET_ERROR, v: PROTOCOL_VERSION, embedId, error });
    }, readyTimeoutMs);
  };

  const onMessage = (event: MessageEvent) => {
    const m = readWidgetMessage(event, { origin, source: iframe.contentWindow }, embedId);
    if (!m) return;
    if (m.type === WIDGET_READY) {
      ready = true;
      emit('ready');
    } else if (m.type === WIDGET_RESIZE) {
      const height = Math.round(Math.min(4000, Math.max(240, m.height)));
      iframe.style.height = `${height}px`;
      emit('resize', { height });
    } else if (m.type === WIDGET_SUCCESS) {
      emit('success', m.data, m);
    } else {
      emit('error', m.error, m);
    }
  };

  iframe.onload = onLoad;
  addEventListener('message', onMessage);
  iframe.src = src;
  container.append(iframe);

  const widget: MountedWidget = {
    embedId,
    iframe,
    on(event, handler) {
      handlers[event] ??= [];
      const list = handlers[event] as (typeof handler)[];
      list.push(handler);
      return () => void list.splice(list.indexOf(handler) >>> 0, 1);
    },
    retry() {
      retryButton?.remove();
      retryButton = undefined;
      ready = false;
      iframe.src = src;
    },
    destroy() {
      clearTimeout(timer);
      removeEventListener('message', onMessage);
      iframe.onload = null;
      retryButton?.remove();
      iframe.remove();
      handlers = {};
    },
  };
  return widget;
}
