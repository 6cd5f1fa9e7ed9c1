import Router, { type RouterMiddleware } from '@koa/router';
import type { Context, DefaultState } from 'koa';
import { rfqBasketSubmissionSchema, rfqPathSchema, rfqSubmissionSchema, type RfqSubmission } from '../../../sdk/schemas/rfq';
import type { AppDeps } from '../../deps';
import { validationError } from '../../errors';
import { readJson } from '../../http/body';
import { idempotencyKey } from '../../http/idempotency';
import { limitPerClient } from '../../limits/rate-limiter';
import { validate, type ValidatedContext } from '../../http/validate';
import { getRfq, submitRfq } from './rfq.service';
import { submitBasket } from './basket.service';
import { readLimits } from '../quotes/quotes.router';

export function rfqRouter(deps: AppDeps) {
  const router = new Router({ prefix: '/api/rfq' });
  const limit = limitPerClient(deps, { bucket: 'rfq', ...deps.config.rateLimits.rfq }, 'quote requests');

  // A body with `lines` is a basket; any other is the single-product request, checked as before
  // (the body is read once: `validate` is given what was read here).
  const basket: RouterMiddleware<DefaultState, ValidatedContext<RfqSubmission, unknown, unknown>> = async (ctx, next) => {
    const raw = await readJson(ctx as unknown as Context);
    if (typeof raw !== 'object' || raw === null || !('lines' in raw)) return next();
    const parsed = rfqBasketSubmissionSchema.safeParse(raw);
    if (!parsed.success) throw validationError(parsed.error);
    const result = await submitBasket(deps, parsed.data, idempotencyKey(ctx as unknown as Context), new Date(deps.clock()));
    if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.set('Cache-Control', 'no-store');
    ctx.status = result.status;
    ctx.body = result.body;
  };

  router.post('/', limit, basket, validate({ body: rfqSubmissionSchema }), async (ctx) => {
    const key = idempotencyKey(ctx);
    const result = await submitRfq(deps, ctx.request.body, key, new Date(deps.clock()));
    if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.set('Cache-Control', 'no-store');
    ctx.status = result.status;
    ctx.body = result.body;
  });

  router.get('/:rfqId', readLimits(deps).tracking, validate({ params: rfqPathSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getRfq(deps, ctx.params.rfqId, new Date(deps.clock()));
  });

  return router;
}
