import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every module the package publishes promises an @example on each export (typedoc shows them).
const FILES = [
  'index.ts',
  'version.ts',
  'rules.ts',
  'partner-rules.ts',
  'quote-status.ts',
  'units.ts',
  'buyer-notices.ts',
  'format.ts',
  'email.ts',
  'data-api.ts',
  'schemas/common.ts',
  'schemas/rfq.ts',
  'schemas/catalogue.ts',
  'schemas/embed.ts',
  'schemas/partners.ts',
  'schemas/data.ts',
  'schemas/site.ts',
  'schemas/mini.ts',
  'schemas/openapi.ts',
  'client/client.ts',
  'client/errors.ts',
  'client/forms.ts',
  'client/transport.ts',
  'embed/index.ts',
  'embed/mount.ts',
  'embed/config.ts',
  'embed/protocol.ts',
  'react/index.tsx',
];
// The admin console's and the scraper's contracts, the buyer e-mail's links, the partners' revenue
// model and the data API's tiers are not published (they live in contract/), but are documented the
// same way.
const CONTRACT_FILES = [
  'bulk-text.ts',
  'revenue.ts',
  'data-api.ts',
  'schemas/admin.ts',
  'client/admin.ts',
  'schemas/scraping.ts',
  'client/scraping.ts',
  'buyer-links.ts',
].map((file) => `../contract/${file}`);

/** Exported declarations of a source text whose doc comment has no @example. */
function withoutExample(text: string): string[] {
  const source = ts.createSourceFile('module.tsx', text, ts.ScriptTarget.Latest, true);
  const missing: string[] = [];
  const hasExample = (node: ts.Node) => ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'example');
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) continue; // re-exports are documented where they are declared
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    const names = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.map((d) => d.name.getText())
      : [(statement as ts.DeclarationStatement).name?.getText() ?? '(default)'];
    const documented = ts.isVariableStatement(statement)
      ? hasExample(statement) || statement.declarationList.declarations.some(hasExample)
      : hasExample(statement);
    if (!documented) missing.push(...names);
  }
  return missing;
}

describe('SDK reference', () => {
  it.each([...FILES, ...CONTRACT_FILES])('gives every export of %s an @example', (file) => {
    expect(withoutExample(readFileSync(new URL(file, import.meta.url), 'utf8'))).toEqual([]);
  });

  it('notices an export without one', () => {
    const text = `/** Has one.\n * @example\n * a();\n */\nexport function a() {}\n/** Has none. */\nexport const b = 1, c = 2;\nexport interface D {}\nconst e = 3;\nexport { e };`;
    expect(withoutExample(text)).toEqual(['b', 'c', 'D']);
  });
});
