import Router from '@koa/router';
import { approvalRejectSchema, colleagueInputSchema, companyIdParamsSchema } from '../../contract/schemas/buyer-company';
import type { AppDeps } from '../deps';
import { validate } from '../http/validate';
import { approve, listApprovals, reject } from './approvals.service';
import { buyerOnly } from './buyer.router';
import type { BuyerMember } from './buyer.service';
import { inviteColleague, listColleagues, removeColleague } from './colleagues.service';
import { memberOf } from './company-members';

/** A buyer company's colleagues and the orders that wait for its approvers; every route needs a buyer session. */
export function buyerCompanyRouter(deps: AppDeps) {
  const router = new Router();
  const signedIn = buyerOnly(deps);
  const member = (state: Record<string, unknown>) => memberOf(deps.database.db, state.buyer as BuyerMember);

  router.get('/api/buyer/colleagues', signedIn, async (ctx) => {
    ctx.body = await listColleagues(deps.database.db, await member(ctx.state));
  });

  router.post('/api/buyer/colleagues', signedIn, validate({ body: colleagueInputSchema }), async (ctx) => {
    ctx.status = 201;
    ctx.body = await inviteColleague(deps, await member(ctx.state), ctx.request.body);
  });

  router.delete('/api/buyer/colleagues/:id', signedIn, validate({ params: companyIdParamsSchema }), async (ctx) => {
    await removeColleague(deps, await member(ctx.state), Number(ctx.params.id));
    ctx.status = 204;
  });

  router.get('/api/buyer/approvals', signedIn, async (ctx) => {
    ctx.body = await listApprovals(deps.database.db, await member(ctx.state));
  });

  router.post('/api/buyer/approvals/:id/approve', signedIn, validate({ params: companyIdParamsSchema }), async (ctx) => {
    ctx.body = await approve(deps, await member(ctx.state), Number(ctx.params.id));
  });

  router.post('/api/buyer/approvals/:id/reject', signedIn, validate({ params: companyIdParamsSchema, body: approvalRejectSchema }), async (ctx) => {
    ctx.body = await reject(deps, await member(ctx.state), Number(ctx.params.id), ctx.request.body.reason);
  });

  return router;
}
