import { useEffect, useState, type ReactNode } from 'react';
import { useToast } from './toast';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

/** A copy button that says 'Copied' for 2 s and confirms with a toast. */
export function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="button button-secondary"
      onClick={() =>
        copyText(text).then(
          () => {
            setCopied(true);
            toast({ title: 'Copied!', description: done });
          },
          () => toast({ title: 'Copy failed', description: 'Select the code and copy it by hand.', variant: 'destructive' }),
        )
      }
    >
      {copied ? 'Copied' : label}
    </button>
  );
}

/** Read-only code in a labelled box, tall enough for every line; long lines scroll sideways, never wrap. */
function Code({ id, label, value, rows = 4 }: { id: string; label: string; value: string; rows?: number }) {
  const lines = value.split('\n').length;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="code"
        readOnly
        wrap="off"
        spellCheck={false}
        rows={Math.min(24, Math.max(rows, lines + 1))}
        value={value}
        onFocus={(e) => e.currentTarget.select()}
      />
    </div>
  );
}

/**
 * Code to paste elsewhere: the labelled box, its copy button with any other `actions` in a row
 * under it, and then what the reader should know about it.
 */
export function CodeToCopy({
  copyLabel = 'Copy Code',
  done,
  actions,
  children,
  ...code
}: {
  id: string;
  label: string;
  value: string;
  rows?: number;
  copyLabel?: string;
  done: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="stack">
      <Code {...code} />
      <div className="button-row">
        <CopyButton text={code.value} label={copyLabel} done={done} />
        {actions}
      </div>
      {children}
    </div>
  );
}
