// Checked by `tsc --noEmit` (npm test runs it first): a wrong parameter or result type fails the build.
import { describe, expectTypeOf, it } from 'vitest';
import type { MountedWidget, WidgetEventMap } from '../embed';
import type { MarketTrends, ProcurementData, RfqSubmissionRecord, SupplierPerformance } from '../schemas/data';
import { createClient, type ProcuraClient, type RateLimit } from './client';

const procura: ProcuraClient = createClient({ baseUrl: 'https://procura.example' });

describe('data client types', () => {
  it('types each call’s parameters', () => {
    expectTypeOf(procura.data.marketTrends)
      .parameter(0)
      .toEqualTypeOf<{ period?: 'week' | 'month' | 'quarter'; category?: string; region?: string } | undefined>();
    expectTypeOf(procura.data.procurementData).parameter(0).exclude<undefined>().toHaveProperty('start_date').toEqualTypeOf<string | undefined>();
    // @ts-expect-error: a period the API does not have
    void (() => procura.data.marketTrends({ period: 'year' }));
    expectTypeOf(procura.rfq.submit).parameter(0).toHaveProperty('supplierCount').toEqualTypeOf<number | string | undefined>();
    expectTypeOf(procura.rfq.submit).parameter(0).toHaveProperty('quantity').toEqualTypeOf<number | string>();
    // @ts-expect-error: an unknown parameter
    void (() => procura.data.supplierPerformance({ supplier_name: 'x' }));
  });

  it('types each call’s result', () => {
    expectTypeOf(procura.data.marketTrends).returns.resolves.toEqualTypeOf<MarketTrends>();
    expectTypeOf(procura.data.supplierPerformance).returns.resolves.toEqualTypeOf<SupplierPerformance>();
    expectTypeOf<ProcurementData['results'][number]>().toEqualTypeOf<RfqSubmissionRecord>();
    expectTypeOf<RfqSubmissionRecord['intent_score']>().toEqualTypeOf<number>();
    expectTypeOf<RfqSubmissionRecord>().not.toHaveProperty('primary_email');
    expectTypeOf(procura.data.procurementDataPages).returns.toEqualTypeOf<AsyncGenerator<ProcurementData, void, undefined>>();
    expectTypeOf(procura.rateLimit).toEqualTypeOf<RateLimit | null>();
  });
});

describe('widget event types', () => {
  it('gives each event its payload', () => {
    expectTypeOf<WidgetEventMap['success']>().toEqualTypeOf<{ rfqId: string | null; quoteCount: number; preview: boolean }>();
    expectTypeOf<WidgetEventMap['error']>().toEqualTypeOf<{ code: string; message: string }>();
    expectTypeOf<WidgetEventMap['resize']>().toEqualTypeOf<{ height: number }>();
    expectTypeOf<MountedWidget['on']>().returns.toEqualTypeOf<() => void>();
    const widget = {} as MountedWidget;
    // @ts-expect-error: no such event
    void (() => widget.on('submitted', () => {}));
    void (() => widget.on('success', (data) => expectTypeOf(data.quoteCount).toEqualTypeOf<number>()));
  });
});
