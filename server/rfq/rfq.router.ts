import Router from '@koa/router';
import { rfqSubmissionSchema } from '../../sdk';
import type { AppDeps } from '../app';
import { ApiError } from '../errors';
import { readJson } from '../http/body';
import { rateLimit } from '../http/rate-limit';
import { getRfq, submitRfq } from './rfq.service';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

export function rfqRouter(deps: AppDeps) {
  const router = new Router({ prefix: '/api/rfq' });
  const limit = rateLimit(deps.config.rfqRateLimit);

  router.post('/', limit, async (ctx) => {
    const rawKey = ctx.get('idempotency-key');
    if (rawKey !== '' && !IDEMPOTENCY_KEY.test(rawKey)) {
      throw new ApiError(400, 'invalid_idempotency_key', 'Idempotency-Key must be 1 to 200 visible ASCII characters');
    }
    const input = rfqSubmissionSchema.parse(await readJson(ctx));
    const result = await submitRfq(deps, input, rawKey === '' ? undefined : rawKey, new Date());
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
