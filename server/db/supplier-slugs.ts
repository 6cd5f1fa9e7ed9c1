import type { Executor } from './executor';

/** A supplier's public slug from its name: lower case, words joined by hyphens, at most 80 characters. */
function slugOf(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '') || 'supplier'
  );
}

/** The slugs already given. */
export async function takenSlugs(db: Executor): Promise<Set<string>> {
  const rows = await db.selectFrom('suppliers').select('slug').where('slug', 'is not', null).execute();
  return new Set(rows.map((r) => r.slug!));
}

/** A slug for each name, none of them taken (`taken` gains them): a second "Acme" is `acme-2`. */
export function newSlugs(names: readonly string[], taken: Set<string>): string[] {
  return names.map((name) => {
    const base = slugOf(name);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return slug;
  });
}
