/**
 * The messages the widget's iframe sends the page that hosts it; the host sends the widget none.
 * The loader, the widget app and the SDK's embed helper all speak through this module, so there
 * is one implementation.
 *
 * Every message names its protocol version and the widget's `embedId`. The host accepts a
 * message only from the widget's own window at the Procura origin, and the widget posts only to
 * the host's origin, by name.
 *
 * @module
 */

/**
 * Bumped when a message's shape changes incompatibly; every message carries it as `v`.
 *
 * @example
 * if (event.data.v !== PROTOCOL_VERSION) return;
 */
export const PROTOCOL_VERSION = 1;

/**
 * The message a widget sends its host when a request went through.
 *
 * @example
 * container.addEventListener(WIDGET_SUCCESS, (e) => console.log((e as CustomEvent).detail.data.rfqId));
 */
export const WIDGET_SUCCESS = 'PROCURA_WIDGET_SUCCESS';
/**
 * The message a widget sends its host when a submission or its load failed.
 *
 * @example
 * container.addEventListener(WIDGET_ERROR, (e) => console.warn((e as CustomEvent).detail.error.message));
 */
export const WIDGET_ERROR = 'PROCURA_WIDGET_ERROR';
/**
 * The message a widget sends its host when its content's height changes.
 *
 * @example
 * if (message.type === WIDGET_RESIZE) iframe.style.height = `${message.height}px`;
 */
export const WIDGET_RESIZE = 'PROCURA_WIDGET_RESIZE';
/**
 * The message a widget sends its host once it is ready for input.
 *
 * @example
 * if (message.type === WIDGET_READY) spinner.remove();
 */
export const WIDGET_READY = 'PROCURA_WIDGET_READY';
/**
 * What a successful submission tells the host: no personal data.
 *
 * @example
 * widget.on('success', (data: WidgetSuccessData) => data.preview || analytics.track('rfq', { quotes: data.quoteCount }));
 */
export interface WidgetSuccessData {
  rfqId: string | null;
  quoteCount: number;
  /** True when the widget ran in preview mode and sent nothing. */
  preview: boolean;
}

/**
 * Why a submission or the widget itself failed; `load_failed` when the form never became ready.
 *
 * @example
 * widget.on('error', (error: WidgetErrorData) => error.code === 'load_failed' && widget.retry());
 */
export interface WidgetErrorData {
  code: string;
  message: string;
}

interface Envelope<T extends string> {
  type: T;
  v: typeof PROTOCOL_VERSION;
  embedId: string;
}

/**
 * A message from the widget to its host.
 *
 * @example
 * const message: WidgetMessage | null = readWidgetMessage(event, { origin, source: iframe.contentWindow }, embedId);
 */
export type WidgetMessage =
  | (Envelope<typeof WIDGET_SUCCESS> & { data: WidgetSuccessData })
  | (Envelope<typeof WIDGET_ERROR> & { error: WidgetErrorData })
  | (Envelope<typeof WIDGET_RESIZE> & { height: number })
  | Envelope<typeof WIDGET_READY>;

/**
 * The sender a receiver trusts: one window at one origin.
 *
 * @example
 * const from: TrustedSender = { origin: 'https://procura.example', source: iframe.contentWindow };
 */
export interface TrustedSender {
  origin: string;
  source: unknown;
}

/** The payload field each widget message carries ('' for none); a type not named here is refused. */
const PAYLOAD: Record<string, string> = { [WIDGET_READY]: '', [WIDGET_RESIZE]: 'height', [WIDGET_SUCCESS]: 'data', [WIDGET_ERROR]: 'error' };

/**
 * The widget's message in `event`, or null when it comes from another window or origin, speaks
 * another protocol version, names another widget, or is malformed.
 *
 * @example
 * const message = readWidgetMessage(event, { origin: 'https://procura.co.za', source: iframe.contentWindow }, 'embed-1');
 */
export function readWidgetMessage(event: Pick<MessageEvent, 'data' | 'origin' | 'source'>, from: TrustedSender, embedId: string): WidgetMessage | null {
  const m = event.data;
  const trusted = from.source && event.origin === from.origin && event.source === from.source && m?.v === PROTOCOL_VERSION && m.embedId === embedId;
  const key = trusted ? PAYLOAD[m.type] : undefined;
  const value = key && m[key];
  // A height must be a finite number; data and error must be objects (Object(x) === x only for objects).
  return key === '' || (key === 'height' ? Number.isFinite(value) : Object(value) === value) ? (m as unknown as WidgetMessage) : null;
}
