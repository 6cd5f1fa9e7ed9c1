/**
 * The messages between the widget's iframe and the page that hosts it. The loader, the widget
 * app and the SDK's embed helper all speak through this module, so there is one implementation.
 *
 * Every message names its protocol version and the widget's `embedId`. A receiver accepts a
 * message only from the one window and origin it expects, and a sender always names the exact
 * origin it posts to.
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
 * The host's greeting once the iframe has loaded; the widget answers with its height.
 *
 * @example
 * iframe.contentWindow!.postMessage({ type: HOST_HELLO, v: PROTOCOL_VERSION, embedId }, procuraOrigin);
 */
export const HOST_HELLO = 'PROCURA_HOST_HELLO';

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
 * const message: WidgetMessage | null = readWidgetMessage(event, { origin, source: iframe.contentWindow });
 */
export type WidgetMessage =
  | (Envelope<typeof WIDGET_SUCCESS> & { data: WidgetSuccessData })
  | (Envelope<typeof WIDGET_ERROR> & { error: WidgetErrorData })
  | (Envelope<typeof WIDGET_RESIZE> & { height: number })
  | Envelope<typeof WIDGET_READY>;

/**
 * A message from the host to the widget.
 *
 * @example
 * const hello: HostMessage = { type: HOST_HELLO, v: PROTOCOL_VERSION, embedId: 'quotes' };
 */
export type HostMessage = Envelope<typeof HOST_HELLO>;

const WIDGET_TYPES: string[] = [WIDGET_SUCCESS, WIDGET_ERROR, WIDGET_RESIZE, WIDGET_READY];

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

function envelope(data: unknown, types: string[], embedId?: string): data is Envelope<string> & Record<string, unknown> {
  const m = data as Record<string, unknown> | null;
  return !!m && types.includes(m.type as string) && m.v === PROTOCOL_VERSION && typeof m.embedId === 'string' && (embedId === undefined || m.embedId === embedId);
}

/** The field each widget message must carry, and its type. */
const PAYLOAD: Record<string, [string, string]> = { [WIDGET_RESIZE]: ['height', 'number'], [WIDGET_SUCCESS]: ['data', 'object'], [WIDGET_ERROR]: ['error', 'object'] };

/**
 * The widget's message in `event`, or null when it comes from another window or origin, speaks
 * another protocol version, names another widget, or is malformed.
 *
 * @example
 * const message = readWidgetMessage(event, { origin: 'https://procura.co.za', source: iframe.contentWindow }, 'embed-1');
 */
export function readWidgetMessage(event: Pick<MessageEvent, 'data' | 'origin' | 'source'>, from: TrustedSender, embedId?: string): WidgetMessage | null {
  if (!from.source || event.origin !== from.origin || event.source !== from.source || !envelope(event.data, WIDGET_TYPES, embedId)) return null;
  const m = event.data;
  const [key, type] = PAYLOAD[m.type] ?? [];
  return !key || (typeof m[key] === type && m[key] !== null && (type !== 'number' || Number.isFinite(m[key]))) ? (m as unknown as WidgetMessage) : null;
}

/**
 * The host's message in `event`, or null unless it comes from `from` and names this widget.
 *
 * @example
 * const hello = readHostMessage(event, { origin: config.hostOrigin, source: window.parent }, config.embedId);
 */
export function readHostMessage(event: Pick<MessageEvent, 'data' | 'origin' | 'source'>, from: TrustedSender, embedId: string): HostMessage | null {
  if (!from.source || event.origin !== from.origin || event.source !== from.source || !envelope(event.data, [HOST_HELLO], embedId)) return null;
  return event.data as unknown as HostMessage;
}
