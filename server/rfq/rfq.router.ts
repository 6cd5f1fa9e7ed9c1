import Router from '@koa/router';
import { rfqPathSchema, rfqSubmissionSchema } from '../../sdk/index';
import type { AppDeps } from '../deps';
import { idempotencyKey } from '../http/idempotency';
import { limitPerClient } from '../limits/rate-limiter';
import { validate } from '../http/validate';
import { getRfq, submitRfq } from './rfq.service';

export function rfqRouter(deps: AppDeps) {
  const router = new Router({ prefix: '/api/rfq' });
  const limit = limitPerClient(deps, { bucket: 'rfq', ...deps.config.rateLimits.rfq }, 'quote requests');

  router.post('/', limit, validate({ body: rfqSubmissionSchema }), async (ctx) => {
    const key = idempotencyKey(ctx);
    const result = await submitRfq(deps, ctx.request.body, key, new Date(deps.clock()));
    if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.set('Cache-Control', 'no-store');
    ctx.status = result.status;
    ctx.body = result.body;
  });

  router.get('/:rfqId', validate({ params: rfqPathSchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getRfq(deps, ctx.params.rfqId, new Date(deps.clock()));
  });

  return router;
}
