/**
 * A buyer's data request: a one-time link by e-mail, the data it shows, and deleting it. Not
 * part of the published package: Procura's privacy pages make these calls.
 *
 * @module
 */
import {
  dataRequestAcceptedSchema,
  myDataDeletedSchema,
  myDataSchema,
  type DataRequestAccepted,
  type DataRequestInput,
  type DataRequestToken,
  type MyData,
  type MyDataDeleted,
} from '../schemas/analytics';
import type { CallOptions, Transport } from '../../sdk/client/transport';

/**
 * The data request calls.
 *
 * @example
 * const { privacy } = privacyCalls(createTransport({ baseUrl: location.origin }));
 * await privacy.requestData({ email: 'jane.buyer@example.co.za' });
 */
export interface PrivacyCalls {
  privacy: {
    /** Asks for a link to the address's data (`POST /api/privacy/data-requests`); the same answer for any address. */
    requestData(input: DataRequestInput, options?: CallOptions): Promise<DataRequestAccepted>;
    /** Everything Procura holds for the link's address (`POST /api/privacy/my-data`). */
    myData(input: DataRequestToken, options?: CallOptions): Promise<MyData>;
    /** Deletes it at once and spends the link (`POST /api/privacy/my-data/delete`). */
    deleteMyData(input: DataRequestToken, options?: CallOptions): Promise<MyDataDeleted>;
  };
}

/**
 * The data request calls over one transport.
 *
 * @example
 * const { privacy } = privacyCalls(createTransport({ baseUrl: location.origin }));
 * const data = await privacy.myData({ token });
 */
export function privacyCalls(api: Transport): PrivacyCalls {
  return {
    privacy: {
      requestData: (input, opts) => api.post(dataRequestAcceptedSchema, 'api/privacy/data-requests', input, null, opts),
      myData: (input, opts) => api.post(myDataSchema, 'api/privacy/my-data', input, null, opts),
      deleteMyData: (input, opts) => api.post(myDataDeletedSchema, 'api/privacy/my-data/delete', input, null, opts),
    },
  };
}
