import { countWidgetLoad, findLocations, findProducts, quotePreview, submitBasket, submitEmbedRfq, submitRfq } from '../../sdk/client/forms';
import { createTransport, type Transport } from '../../sdk/client/transport';

let transport: Transport | undefined;

/** The requests to the Procura that served the page (the portal, or the widget's iframe). */
export function transportToOrigin(): Transport {
  transport ??= createTransport({ baseUrl: window.location.origin });
  return transport;
}

export { countWidgetLoad, findLocations, findProducts, quotePreview, submitBasket, submitEmbedRfq, submitRfq };
