// SQL of landing pages: a named selection of offers (its filter is an OfferFilter kept as jsonb).
import type { Queryable } from '../db/public.ts';

export interface LandingRow {
  slug: string;
  title: string;
  description: string;
  filter: unknown;
}

export async function getLanding(db: Queryable, slug: string): Promise<LandingRow | null> {
  const [row] = await db.query<LandingRow>(`select slug, title, description, filter from landing_pages where slug = $1`, [slug]);
  return row ?? null;
}
