import Router from '@koa/router';
import { rfqSubmissionSchema } from '../../sdk/index';
import type { AppDeps } from '../app';
import { readJson } from '../http/body';
import { idempotencyKey } from '../http/idempotency';
import { rateLimit } from '../http/rate-limit';
import { getRfq, submitRfq } from './rfq.service';

export function rfqRouter(deps: AppDeps) {
  const router = new Router({ prefix: '/api/rfq' });
  const limit = rateLimit(deps.config.rfqRateLimit);

  router.post('/', limit, async (ctx) => {
    const key = idempotencyKey(ctx);
    const input = rfqSubmissionSchema.parse(await readJson(ctx));
    const result = await submitRfq(deps, input, key, new Date(deps.clock()));
    if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.set('Cache-Control', 'no-store');
    ctx.status = result.status;
    ctx.body = result.body;
  });

  router.get('/:rfqId', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getRfq(deps, ctx.params.rfqId!);
  });
  return router;
}
