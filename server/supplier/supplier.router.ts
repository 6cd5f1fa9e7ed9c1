import Router from '@koa/router';
import { z } from 'zod';
import {
  supplierCoverageInputSchema,
  supplierInviteSchema,
  supplierProfileChangeSchema,
  supplierSessionInputSchema,
  supplierSignInLinkSchema,
  supplierUserStateSchema,
} from '../../contract/schemas/supplier-workspace';
import { supplierProfile, updateSupplierProfile } from './supplier-profile.service';
import { supplierStats } from './supplier-stats.service';
import { performanceQuerySchema } from '../../contract/schemas/supplier-performance';
import { supplierPerformance } from '../track-record/supplier-performance.service';
import { setSupplierCoverage, supplierCoverage } from './supplier-coverage.service';
import { addOffer, changeOffer, importOffers, listOffers, removeOffer } from './supplier-offers.service';
import { newSupplierOfferSchema, offerImportSchema, supplierOfferChangeSchema } from '../../contract/schemas/supplier-offers';
import { wholeNumber } from '../../contract/schemas/query';
import { staffOf, staffOnly } from '../staff/staff-auth';
import type { AppDeps } from '../deps';
import { answerLinkRequest, sameOrigin } from '../http/sessions';
import { validate } from '../http/validate';
import { noStore } from '../http/security-headers';
import { signInLimits } from '../sign-in-links/sign-in-links';
import { supplierCookie, supplierOf, supplierOnly, supplierSignOut } from './supplier-auth';
import { inviteColleague, inviteSupplierUser, supplierTeam, withdrawInvitation } from './supplier-invitations.service';
import {
  listSupplierAccess,
  meOf,
  removeColleague,
  requestSignInLink,
  setSupplierUserDisabled,
  signInLinkHolder,
  startSession,
  SUPPLIER_LINKS,
} from './supplier-users.service';

const userParams = z.object({ userId: wholeNumber('userId', 1) });
const invitationParams = z.object({ invitationId: wholeNumber('invitationId', 1) });
const supplierIdParams = z.object({ id: wholeNumber('id', 1) });
const offerParams = z.object({ offerId: wholeNumber('offerId', 1) });
/** A pasted price list: up to 2 MB of text (the schema's own limit) in its JSON body. */
const PRICE_LIST_BODY_LIMIT = 3 * 1024 * 1024;

/** The supplier workspace's access (sign-in links, sessions, who is signed in), the supplier's people, its own details and its figures. */
export function supplierRouter(deps: AppDeps) {
  const router = new Router();
  const origin = sameOrigin(deps);
  const signedIn = supplierOnly(deps);

  const { linkLimit, useLimit } = signInLimits(deps, SUPPLIER_LINKS);
  router.post(
    '/api/supplier/sign-in-link',
    noStore,
    origin,
    linkLimit,
    validate({ body: supplierSignInLinkSchema }),
    answerLinkRequest(deps, requestSignInLink),
  );

  // Whom the link is for, without spending it: the page asks for the click that does.
  router.post('/api/supplier/sign-in-link/peek', noStore, origin, useLimit, validate({ body: supplierSessionInputSchema }), async (ctx) => {
    ctx.body = await signInLinkHolder(deps.database.db, ctx.request.body.token, deps.clock());
  });

  router.post('/api/supplier/session', noStore, origin, useLimit, validate({ body: supplierSessionInputSchema }), async (ctx) => {
    const { sessionId, me } = await startSession(deps, ctx.request.body.token, deps.clock());
    ctx.append('Set-Cookie', supplierCookie(deps.config.publicUrl, sessionId));
    ctx.body = me;
  });

  router.post('/api/supplier/sign-out', origin, supplierSignOut(deps));

  router.get('/api/supplier/me', signedIn, async (ctx) => {
    ctx.body = await meOf(deps.market, supplierOf(ctx));
  });

  router.get('/api/supplier/users', signedIn, async (ctx) => {
    ctx.body = await supplierTeam(deps.database.db, supplierOf(ctx).supplierId);
  });

  // The same answer whatever the address: nothing here tells who else is on Procura.
  router.post('/api/supplier/users', signedIn, validate({ body: supplierInviteSchema }), async (ctx) => {
    ctx.status = 202;
    ctx.body = await inviteColleague(deps, supplierOf(ctx), ctx.request.body);
  });

  router.delete('/api/supplier/invitations/:invitationId', signedIn, validate({ params: invitationParams }), async (ctx) => {
    await withdrawInvitation(deps.database.db, supplierOf(ctx), ctx.params.invitationId, deps.clock());
    ctx.status = 204;
  });

  router.delete('/api/supplier/users/:userId', signedIn, validate({ params: userParams }), async (ctx) => {
    await removeColleague(deps.database.db, supplierOf(ctx), ctx.params.userId, deps.clock());
    ctx.status = 204;
  });

  router.get('/api/supplier/stats', signedIn, async (ctx) => {
    ctx.body = await supplierStats(deps, supplierOf(ctx));
  });

  // Its own scorecard and a page of its orders with their outcomes.
  router.get('/api/supplier/performance', signedIn, validate({ query: performanceQuerySchema }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await supplierPerformance(deps, supplierOf(ctx).supplierId, ctx.query.cursor);
  });

  router.get('/api/supplier/coverage', signedIn, async (ctx) => {
    ctx.body = await supplierCoverage(deps, supplierOf(ctx));
  });

  router.put('/api/supplier/coverage', signedIn, validate({ body: supplierCoverageInputSchema }), async (ctx) => {
    ctx.body = await setSupplierCoverage(deps, supplierOf(ctx), ctx.request.body);
  });

  router.get('/api/supplier/profile', signedIn, async (ctx) => {
    ctx.body = await supplierProfile(deps, supplierOf(ctx));
  });

  router.patch('/api/supplier/profile', signedIn, validate({ body: supplierProfileChangeSchema }), async (ctx) => {
    ctx.body = await updateSupplierProfile(deps, supplierOf(ctx), ctx.request.body);
  });

  router.get('/api/supplier/offers', signedIn, async (ctx) => {
    ctx.body = await listOffers(deps, supplierOf(ctx));
  });

  router.post('/api/supplier/offers', signedIn, validate({ body: newSupplierOfferSchema }), async (ctx) => {
    ctx.status = 201;
    ctx.body = await addOffer(deps, supplierOf(ctx), ctx.request.body);
  });

  router.post('/api/supplier/offers/import', signedIn, validate({ body: offerImportSchema, bodyLimit: PRICE_LIST_BODY_LIMIT }), async (ctx) => {
    ctx.body = await importOffers(deps, supplierOf(ctx), ctx.request.body);
  });

  router.patch('/api/supplier/offers/:offerId', signedIn, validate({ params: offerParams, body: supplierOfferChangeSchema }), async (ctx) => {
    ctx.body = await changeOffer(deps, supplierOf(ctx), ctx.params.offerId, ctx.request.body);
  });

  router.delete('/api/supplier/offers/:offerId', signedIn, validate({ params: offerParams }), async (ctx) => {
    await removeOffer(deps, supplierOf(ctx), ctx.params.offerId);
    ctx.status = 204;
  });

  // Staff (admin): invite a supplier's first user (or any), see who has access, disable someone.
  const admin = staffOnly(deps, 'admin');
  router.post('/api/admin/suppliers/:id/invite', admin, validate({ params: supplierIdParams, body: supplierInviteSchema }), async (ctx) => {
    ctx.status = 201;
    ctx.body = await inviteSupplierUser(deps, { supplierId: ctx.params.id, ...ctx.request.body }, { staffId: staffOf(ctx).id });
  });

  router.get('/api/admin/supplier-users', admin, async (ctx) => {
    ctx.body = { users: await listSupplierAccess(deps.database.db) };
  });

  router.patch('/api/admin/supplier-users/:userId', admin, validate({ params: userParams, body: supplierUserStateSchema }), async (ctx) => {
    await setSupplierUserDisabled(deps.database.db, staffOf(ctx).id, ctx.params.userId, ctx.request.body.disabled, deps.clock());
    ctx.status = 204;
  });

  return router;
}
