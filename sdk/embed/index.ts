/**
 * `procura/embed`: puts Procura's quote widget on a page from code. The same module the
 * script-tag loader uses, so both speak one origin-checked message protocol.
 *
 * @example
 * import { mountWidget } from 'procura/embed';
 *
 * const widget = mountWidget(document.querySelector('#quotes')!, { baseUrl: 'https://procura.example', partnerId: 'pt_123' });
 * widget.on('success', ({ rfqId, quoteCount }) => console.log(`RFQ ${rfqId}: ${quoteCount} quotes`));
 *
 * @packageDocumentation
 * @module procura/embed
 */
export { mountWidget, type EmbedOptions, type MountedWidget, type WidgetEventHandler, type WidgetEventMap, type WidgetEventName } from './mount';
export { WIDGET_THEMES, type WidgetConfig, type WidgetTheme } from './config';
export { PROTOCOL_VERSION, WIDGET_ERROR, WIDGET_READY, WIDGET_RESIZE, WIDGET_SUCCESS, type WidgetErrorData, type WidgetSuccessData } from './protocol';
