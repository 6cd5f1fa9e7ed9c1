import { READINESS_TEXT, type Readiness } from '../../../contract/schemas/readiness';

/** Whether a supplier is quoted yet, as its workspace's checklist shows it: ready, or what it still lacks. */
export function ReadinessBadge({ readiness }: { readiness: Readiness }) {
  return <span className={`badge badge-wrap ${readiness.readyToQuote ? 'badge-success' : 'badge-warning'}`}>{READINESS_TEXT.stateOf(readiness)}</span>;
}
