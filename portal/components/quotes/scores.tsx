import type { CompetitivePosition } from '../../../sdk/quote-status';
/** Where a buyer reads how a quote's badge, sentence and scores are worked out. */
const SCORES_HELP_HREF = '/how-it-works#scores';

/**
 * What each score of a quote means, in the buyer's words: the rules of docs/quoting.md §5
 * (`server/domain/insights.ts`), which are fixed rules, not AI.
 */
export const SCORE_TEXT = {
  rules: 'Worked out by fixed rules from the supplier’s record on Procura, the same for every supplier: no AI is involved.',
  quality:
    'The buyers’ average rating of their orders on Procura gives up to 85 points (1 of 5 none, 5 of 5 all 85), from the third rating on; verification by Procura gives 15 more.',
  reliability:
    'Orders received on time and in full, as buyers confirmed them on Procura in the last 12 months, give up to 80 points (none while the supplier is new on Procura, with fewer than 3 receipts), and how quickly the supplier answers up to 20.',
  risk: 'High below 80% of orders on time and in full or a buyers’ average below 3.5; medium below 90%, while new on Procura, or not verified; low otherwise.',
} as const;

/** The link to the full explanation. A plain link: the page loads and scrolls to the section. */
export function ScoresLink() {
  return <a href={SCORES_HELP_HREF}>How quotes are scored</a>;
}

/** What each badge of a quote's position means, said beside it: the badge alone is one word. */
export const POSITION_HELP: Record<CompetitivePosition, string> = {
  'lowest-price': 'Best Price: the lowest price of these quotes, like for like.',
  'fastest-delivery': 'Fastest Delivery: the soonest delivery of these quotes.',
  'highest-quality': 'Premium Quality: the highest quality score of these quotes.',
  'best-balance': 'Best Balance: a good balance of price, delivery and track record.',
  'premium-option': 'Specialist: dearer than other quotes here, for a supplier whose rating or record may be worth it to you.',
};
