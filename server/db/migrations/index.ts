import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import * as createMarketAndRfqs from './20261122000000-create-market-and-rfqs';
import * as createOutbox from './20261122010000-create-outbox';
import * as embedAttribution from './20261122020000-embed-attribution';
import * as createPartners from './20261122030000-create-partners';
import * as rfqKeysetIndex from './20261122040000-rfq-keyset-index';
import * as anonymiseRfqs from './20261122050000-anonymise-rfqs';
import * as renameToApiNames from './20261124000000-rename-to-api-names';
import * as spellLitres from './20261124010000-spell-litres';
import * as unifyEmbedSource from './20261124020000-unify-embed-source';
import * as renameRfqRef from './20261124030000-rename-rfq-ref';
import * as createRateLimitWindows from './20261124100000-create-rate-limit-windows';
import * as addPartnerDeletedAt from './20261124110000-add-partner-deleted-at';
import * as createMailGuard from './20261124110100-create-mail-guard';
import * as creditPartnerHosts from './20261124120000-credit-partner-hosts';
import * as createStaff from './20261124130000-create-staff';
import * as allowSupplierImports from './20261124140000-allow-supplier-imports';
import * as createScraping from './20261124150000-create-scraping';
import * as createSalesWorkspace from './20261124160000-create-sales-workspace';
import * as createAnalytics from './20261124170000-create-analytics';
import * as addOutboxFailingSince from './20261124180000-add-outbox-failing-since';
import * as addOrderStatuses from './20261124190000-add-order-statuses';
import * as countAddressesBySlot from './20261127000000-count-addresses-by-slot';
import * as partialRfqIndexes from './20261127010000-partial-rfq-indexes';
import * as idempotencyRfq from './20261127020000-idempotency-rfq';
import * as countRegistrationEmails from './20261127030000-count-registration-emails';
import * as signInFailures from './20261127040000-sign-in-failures';
import * as cursorCoveringIndex from './20261127050000-cursor-covering-index';
import * as addOrderDetails from './20261127133800-add-order-details';
import * as markDemoRequests from './20261127140000-mark-demo-requests';
import * as allowUnknownResponseTimes from './20261128000000-allow-unknown-response-times';
import * as countOwnViews from './20261128010000-count-own-views';
import * as createSupplierWorkspace from './20261128020000-create-supplier-workspace';
import * as addSupplierMinimumOrder from './20261128020000-add-supplier-minimum-order';
import * as createBasketLines from './20261128030000-create-basket-lines';
import * as addSupplierCompliance from './20261128040000-add-supplier-compliance';
import * as createPurchaseOrders from './20261128050000-create-purchase-orders';
import * as addOfferStockAndValidity from './20261128060000-add-offer-stock-and-validity';
import * as addLeadDigests from './20261128070000-add-lead-digests';
import * as keepOrderDetailsPerOrder from './20261129000000-keep-order-details-per-order';
import * as createSignInLinks from './20261130000000-create-sign-in-links';
import * as createSupplierInvitations from './20261130010000-create-supplier-invitations';
import * as allowMoreOrdersPerQuote from './20261205000000-allow-more-orders-per-quote';
import * as answerBasketLines from './20261206000000-answer-basket-lines';
import * as addSupplierRegistrationNumber from './20261206010000-add-supplier-registration-number';
import * as allowCommandLineAudit from './20261206030000-allow-command-line-audit';
import * as recordDeliveriesAndReceipts from './20261207000000-record-deliveries-and-receipts';
import * as earnSupplierFigures from './20261207010000-earn-supplier-figures';
import * as keepDeliveryNotices from './20261207020000-keep-delivery-notices';
import * as createBuyerAccounts from './20261207030000-create-buyer-accounts';
import * as createBuyerProfiles from './20261207040000-create-buyer-profiles';
import * as trackBuyerAccountUse from './20261210010000-track-buyer-account-use';
import * as checkMarketReferencesInTheMarket from './20261211000000-check-market-references-in-the-market';
import * as indexStopLinksByAge from './20261212000000-index-stop-links-by-age';
import * as giveFeeReversalsAReason from './20261212120000-give-fee-reversals-a-reason';
import * as keyTheDataCursors from './20261213000000-key-the-data-cursors';
import * as clearPartsOfClearedRequests from './20261214000000-clear-parts-of-cleared-requests';
import * as indexOfferDates from './20261215000000-index-offer-dates';
import * as writeLessPerQuoteRequest from './20261215010000-write-less-per-quote-request';
import * as createLedger from './20261209000000-create-ledger';
import * as createBuyerColleaguesAndApprovals from './20261210000000-create-buyer-colleagues-and-approvals';
import * as indexAnsweredLeads from './20261210000000-index-answered-leads';
import * as keepBillingPaperwork from './20261209010000-keep-billing-paperwork';
import * as stopListedSupplierMail from './20261209100000-stop-listed-supplier-mail';
import * as createSupplierApplications from './20261208000000-create-supplier-applications';
import * as dropTypedSupplierRating from './20261207050000-drop-typed-supplier-rating';
import * as keepRateLimitsUnlogged from './20261207041500-keep-rate-limits-unlogged';
import * as sayWhyReceiptsAreNotCounted from './20261207040000-say-why-receipts-are-not-counted';

interface DialectMigration {
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

// Listed by hand so the bundle carries every migration; names sort in the order they run.
const migrations: Record<string, DialectMigration> = {
  '20261122000000-create-market-and-rfqs': createMarketAndRfqs,
  '20261122010000-create-outbox': createOutbox,
  '20261122020000-embed-attribution': embedAttribution,
  '20261122030000-create-partners': createPartners,
  '20261122040000-rfq-keyset-index': rfqKeysetIndex,
  '20261122050000-anonymise-rfqs': anonymiseRfqs,
  '20261124000000-rename-to-api-names': renameToApiNames,
  '20261124010000-spell-litres': spellLitres,
  '20261124020000-unify-embed-source': unifyEmbedSource,
  '20261124030000-rename-rfq-ref': renameRfqRef,
  '20261124100000-create-rate-limit-windows': createRateLimitWindows,
  '20261124110000-add-partner-deleted-at': addPartnerDeletedAt,
  '20261124110100-create-mail-guard': createMailGuard,
  '20261124120000-credit-partner-hosts': creditPartnerHosts,
  '20261124130000-create-staff': createStaff,
  '20261124140000-allow-supplier-imports': allowSupplierImports,
  '20261124150000-create-scraping': createScraping,
  '20261124160000-create-sales-workspace': createSalesWorkspace,
  '20261124170000-create-analytics': createAnalytics,
  '20261124180000-add-outbox-failing-since': addOutboxFailingSince,
  '20261124190000-add-order-statuses': addOrderStatuses,
  '20261127000000-count-addresses-by-slot': countAddressesBySlot,
  '20261127010000-partial-rfq-indexes': partialRfqIndexes,
  '20261127020000-idempotency-rfq': idempotencyRfq,
  '20261127030000-count-registration-emails': countRegistrationEmails,
  '20261127040000-sign-in-failures': signInFailures,
  '20261127050000-cursor-covering-index': cursorCoveringIndex,
  '20261127133800-add-order-details': addOrderDetails,
  '20261127140000-mark-demo-requests': markDemoRequests,
  '20261128000000-allow-unknown-response-times': allowUnknownResponseTimes,
  '20261128010000-count-own-views': countOwnViews,
  '20261128020000-create-supplier-workspace': createSupplierWorkspace,
  '20261128020000-add-supplier-minimum-order': addSupplierMinimumOrder,
  '20261128030000-create-basket-lines': createBasketLines,
  '20261128040000-add-supplier-compliance': addSupplierCompliance,
  '20261128050000-create-purchase-orders': createPurchaseOrders,
  '20261128060000-add-offer-stock-and-validity': addOfferStockAndValidity,
  '20261128070000-add-lead-digests': addLeadDigests,
  '20261129000000-keep-order-details-per-order': keepOrderDetailsPerOrder,
  '20261130000000-create-sign-in-links': createSignInLinks,
  '20261130010000-create-supplier-invitations': createSupplierInvitations,
  '20261205000000-allow-more-orders-per-quote': allowMoreOrdersPerQuote,
  '20261206000000-answer-basket-lines': answerBasketLines,
  '20261206010000-add-supplier-registration-number': addSupplierRegistrationNumber,
  '20261206030000-allow-command-line-audit': allowCommandLineAudit,
  '20261207000000-record-deliveries-and-receipts': recordDeliveriesAndReceipts,
  '20261207010000-earn-supplier-figures': earnSupplierFigures,
  '20261207020000-keep-delivery-notices': keepDeliveryNotices,
  '20261207030000-create-buyer-accounts': createBuyerAccounts,
  '20261207040000-create-buyer-profiles': createBuyerProfiles,
  '20261207040000-say-why-receipts-are-not-counted': sayWhyReceiptsAreNotCounted,
  '20261207041500-keep-rate-limits-unlogged': keepRateLimitsUnlogged,
  '20261207050000-drop-typed-supplier-rating': dropTypedSupplierRating,
  '20261208000000-create-supplier-applications': createSupplierApplications,
  '20261209000000-create-ledger': createLedger,
  '20261209010000-keep-billing-paperwork': keepBillingPaperwork,
  '20261209100000-stop-listed-supplier-mail': stopListedSupplierMail,
  '20261210000000-create-buyer-colleagues-and-approvals': createBuyerColleaguesAndApprovals,
  '20261210000000-index-answered-leads': indexAnsweredLeads,
  '20261210010000-track-buyer-account-use': trackBuyerAccountUse,
  '20261211000000-check-market-references-in-the-market': checkMarketReferencesInTheMarket,
  '20261212000000-index-stop-links-by-age': indexStopLinksByAge,
  '20261212120000-give-fee-reversals-a-reason': giveFeeReversalsAReason,
  '20261213000000-key-the-data-cursors': keyTheDataCursors,
  '20261214000000-clear-parts-of-cleared-requests': clearPartsOfClearedRequests,
  '20261215000000-index-offer-dates': indexOfferDates,
  '20261215010000-write-less-per-quote-request': writeLessPerQuoteRequest,
};

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return Object.fromEntries(Object.entries(migrations).map(([name, m]) => [name, { up: (db: Kysely<any>) => m.up(db, dialect) }]));
}
