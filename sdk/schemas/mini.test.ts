import { toJSONSchema, type $ZodType } from 'zod/v4/core';
import { describe, expect, it } from 'vitest';
import { locationSuggestionsSchema, popularProductsSchema, productSuggestionsSchema, quotePreviewSchema } from './catalogue';
import { embedRfqResponseSchema } from './embed';
import { embedRfqResponseMini, locationSuggestionsMini, popularProductsMini, productSuggestionsMini, quotePreviewMini, rfqSubmitResponseMini } from './mini';
import { rfqSubmitResponseSchema } from './rfq';

const PAIRS: [string, $ZodType, $ZodType][] = [
  ['rfqSubmitResponse', rfqSubmitResponseSchema, rfqSubmitResponseMini],
  ['embedRfqResponse', embedRfqResponseSchema, embedRfqResponseMini],
  ['productSuggestions', productSuggestionsSchema, productSuggestionsMini],
  ['locationSuggestions', locationSuggestionsSchema, locationSuggestionsMini],
  ['popularProducts', popularProductsSchema, popularProductsMini],
  ['quotePreview', quotePreviewSchema, quotePreviewMini],
];

describe('zod/mini answers', () => {
  it.each(PAIRS)('%s is the same schema as its counterpart', (_name, classic, mini) => {
    expect(toJSONSchema(mini, { io: 'output' })).toEqual(toJSONSchema(classic, { io: 'output' }));
  });

  it('notices a difference', () => {
    expect(toJSONSchema(locationSuggestionsMini)).not.toEqual(toJSONSchema(productSuggestionsSchema));
  });
});
