import { CodeToCopy } from '../../components/ui/code';
import { Tabs } from '../../components/ui/tabs';
import { examples, LANGUAGE_LABELS, type ExampleLanguage } from './examples';

/** A language switcher over the examples, each with a copy button that confirms for 2 s. */
export function CodeExamples({ languages, idPrefix }: { languages: ExampleLanguage[]; idPrefix: string }) {
  const code = examples(window.location.origin);
  return (
    <Tabs
      label="Language"
      tabs={languages.map((lang) => ({
        id: lang,
        label: LANGUAGE_LABELS[lang],
        content: (
          <CodeToCopy
            id={`${idPrefix}-${lang}`}
            label={`${LANGUAGE_LABELS[lang]} example`}
            value={code[lang]}
            rows={Math.min(22, code[lang].split('\n').length + 1)}
            copyLabel="Copy code"
            done={`${LANGUAGE_LABELS[lang]} example copied to clipboard`}
          />
        ),
      }))}
    />
  );
}
