/**
 * `procura/react`: the quote widget as a React component. Safe to import and render on a server:
 * nothing touches `window` until the component mounts in the browser.
 *
 * @example
 * import { ProcuraWidget } from 'procura/react';
 *
 * <ProcuraWidget config={{ baseUrl: 'https://procura.example', partnerId: 'pt_123' }} onSuccess={({ rfqId }) => console.log(rfqId)} />
 *
 * @packageDocumentation
 * @module procura/react
 */
import { useEffect, useRef } from 'react';
import { mountWidget, type EmbedOptions, type WidgetEventMap } from '../embed/mount';

export type { EmbedOptions, WidgetEventMap } from '../embed/mount';

/**
 * The props of {@link ProcuraWidget}.
 *
 * @example
 * const props: ProcuraWidgetProps = { config: { baseUrl: 'https://procura.example' }, onSuccess: (d) => console.log(d.rfqId), className: 'quotes' };
 */
export interface ProcuraWidgetProps {
  /** Where the widget comes from and its settings; the widget mounts again when they change. */
  config: EmbedOptions;
  /** A buyer's request went through (no personal data). */
  onSuccess?: (data: WidgetEventMap['success'], embedId: string) => void;
  /** A submission or the widget's load failed. */
  onError?: (error: WidgetEventMap['error'], embedId: string) => void;
  /** The widget is ready for input. */
  onReady?: (embedId: string) => void;
  /** The element that holds the iframe. */
  className?: string;
}

/**
 * Procura's quote widget in an iframe, origin-checked, sized to its content. Mounted in an effect
 * and destroyed on unmount, so server rendering gives an empty container.
 *
 * @example
 * function Quotes() {
 *   const [rfqId, setRfqId] = useState<string | null>(null);
 *   return rfqId ? <p>Thank you: request {rfqId}</p> : <ProcuraWidget config={{ baseUrl: 'https://procura.example' }} onSuccess={(d) => setRfqId(d.rfqId)} />;
 * }
 */
export function ProcuraWidget({ config, onSuccess, onError, onReady, className }: ProcuraWidgetProps) {
  const host = useRef<HTMLDivElement>(null);
  // The latest handlers, so new function props do not mount the widget again.
  const handlers = useRef({ onSuccess, onError, onReady });
  handlers.current = { onSuccess, onError, onReady };
  const key = JSON.stringify(config);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `config`: a new object with the same settings keeps the widget mounted
  useEffect(() => {
    if (!host.current) return;
    const widget = mountWidget(host.current, config);
    widget.on('success', (data, embedId) => handlers.current.onSuccess?.(data, embedId));
    widget.on('error', (error, embedId) => handlers.current.onError?.(error, embedId));
    widget.on('ready', (_, embedId) => handlers.current.onReady?.(embedId));
    return () => widget.destroy();
  }, [key]);
  return <div ref={host} className={className} />;
}
