import { useEffect, useRef, useState } from 'react';

/** Spec 2: what the buyer reads while the request is in flight; each about a second. */
const PROCESSING_MESSAGES = ['Analyzing your requirements...', 'Matching with suppliers...', 'Generating quotes...', 'Finalizing quotes...'] as const;

/**
 * Shown while the request is in flight, rotating its messages; it never holds back an answer:
 * the caller unmounts it as soon as the request settles. It takes the focus from the submit button
 * it replaces, which also brings it into view on a small screen.
 */
export function ProcessingScreen() {
  const [index, setIndex] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => Math.min(i + 1, PROCESSING_MESSAGES.length - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="processing" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <h2 ref={heading} tabIndex={-1}>
        Getting your quotes
      </h2>
      <p>{PROCESSING_MESSAGES[index]}</p>
    </div>
  );
}
