// Prints Procura's pricing trends: demand and quoted prices per month and category.
// With PROCURA_API_KEY and PROCURA_PARTNER_ID it uses your key; without, it registers a partner
// first and prints the new credentials (shown once: keep them).
import { createClient, isHttpError } from 'procura';

const baseUrl = process.env.PROCURA_URL ?? 'http://localhost:3000';
let apiKey = process.env.PROCURA_API_KEY;
let partnerId = process.env.PROCURA_PARTNER_ID;

try {
  if (!apiKey || !partnerId) {
    const { credentials } = await createClient({ baseUrl }).partners.register({
      companyName: 'Example Data Co',
      contactName: 'Example Developer',
      contactEmail: 'developer@example.com',
      website: 'https://example.com',
      businessType: 'software',
      integrationType: 'api',
      monthlyTraffic: '1k-10k',
      useCase: 'Trying the Procura data API from Node',
    });
    ({ apiKey, partnerId } = credentials);
    console.log(`Registered partner ${partnerId}. Your API key (shown once): ${apiKey}\n`);
  }

  const procura = createClient({ baseUrl, apiKey, partnerId });
  const { period, trends } = await procura.data.marketTrends({ period: 'month' });
  console.log(`Pricing trends per ${period}:`);
  if (trends.length === 0) console.log('  no requests yet');
  for (const t of trends) {
    const figures = t.withheld
      ? 'withheld (fewer than 5 requests or 3 suppliers)'
      : `${t.rfq_count} requests, ${t.supplier_count} suppliers, average R${t.avg_unit_price_zar?.toFixed(2) ?? '-'} a unit`;
    console.log(`  ${t.period_start}  ${t.product_category.padEnd(24)} ${figures}`);
  }
  const limit = procura.rateLimit;
  if (limit) console.log(`\n${limit.remaining} of ${limit.limit} requests left until ${limit.resetAt.toISOString()}.`);
} catch (error) {
  console.error(isHttpError(error) ? `Procura answered ${error.message} (${error.code})` : error);
  process.exitCode = 1;
}
