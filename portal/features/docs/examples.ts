/** Code examples for the docs pages, written for the origin the page is served from. */

export type ExampleLanguage = 'javascript' | 'python' | 'curl' | 'sql';

export const LANGUAGE_LABELS: Record<ExampleLanguage, string> = { javascript: 'JavaScript', python: 'Python', curl: 'cURL', sql: 'SQL' };

/** Every example reads the key and partner id from the environment, never from the code. */
export function examples(origin: string): Record<ExampleLanguage, string> {
  return {
    javascript: `// Node 18+ or a browser back end: walk every page of procurement data. This endpoint is the
// Enterprise package's; on Starter and Professional it answers 403 product_not_in_tier, and the
// Python and cURL examples' endpoints answer on every tier.
const headers = {
  Authorization: \`Bearer \${process.env.PROCURA_API_KEY}\`,
  'X-Partner-ID': process.env.PROCURA_PARTNER_ID,
};
let cursor = null;
const records = [];
do {
  const url = new URL('${origin}/api/v2/procurement-data');
  url.searchParams.set('limit', '1000');
  if (cursor) url.searchParams.set('cursor', cursor);
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error((await res.json()).error.message);
  console.log('requests left this window:', res.headers.get('X-RateLimit-Remaining'));
  const page = await res.json();
  records.push(...page.results);
  cursor = page.next_cursor;
} while (cursor);
console.log(records.length, 'RFQs');`,
    python: `# Python 3, standard library only: this month's pricing trends.
import json, os, urllib.request

request = urllib.request.Request(
    "${origin}/api/v2/market-trends?period=month",
    headers={
        "Authorization": f"Bearer {os.environ['PROCURA_API_KEY']}",
        "X-Partner-ID": os.environ["PROCURA_PARTNER_ID"],
    },
)
with urllib.request.urlopen(request) as response:
    trends = json.load(response)["trends"]
for t in trends:
    if not t["withheld"]:
        print(t["period_start"], t["product_category"], t["rfq_count"], t["avg_unit_price_zar"])`,
    curl: `curl -H "Authorization: Bearer $PROCURA_API_KEY" \\
     -H "X-Partner-ID: $PROCURA_PARTNER_ID" \\
     "${origin}/api/data/market-intelligence?days=30"`,
    sql: `-- Load procurement-data pages into a table of the documented shape, then ask it questions.
CREATE TABLE rfq_submissions (
  rfq_ref              TEXT PRIMARY KEY, -- a pseudonym, not the buyer's rfqId
  submission_timestamp TEXT NOT NULL,   -- UTC, to the hour
  product_category     TEXT NOT NULL,
  quantity_requested   INTEGER NOT NULL,
  budget_range_zar     TEXT,            -- under-10k ... over-500k, or the widget's bands
  city_code            TEXT,
  company_size         TEXT NOT NULL,
  intent_score         INTEGER NOT NULL -- 0-100
);

-- Which categories have the buyers most ready to order?
SELECT product_category,
       COUNT(*)                    AS rfqs,
       ROUND(AVG(intent_score), 1) AS avg_intent
FROM rfq_submissions
GROUP BY product_category
HAVING COUNT(*) >= 5
ORDER BY avg_intent DESC;`,
  };
}
