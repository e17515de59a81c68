import type { Db } from '../db/db';

/** A stored sidebar item with the flag or site switch it needs. */
export interface NavigationRow {
  id: string;
  parent_id: string | null;
  title: string;
  url: string;
  icon: string;
  required_flag: string | null;
  required_setting: string | null;
  weight: number;
}

/** Sidebar navigation items. */
export function navigationRepository(db: Db) {
  return {
    async list(): Promise<NavigationRow[]> {
      const { rows } = await db.query<NavigationRow>(
        'SELECT id, parent_id, title, url, icon, required_flag, required_setting, weight FROM navigation_items ORDER BY weight, id',
      );
      return rows;
    },

    async create(
      item: Omit<NavigationRow, 'parent_id' | 'required_flag' | 'required_setting'> &
        Partial<NavigationRow>,
    ): Promise<void> {
      await db.query(
        `INSERT INTO navigation_items (id, parent_id, title, url, icon, required_flag, required_setting, weight)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          item.id,
          item.parent_id ?? null,
          item.title,
          item.url,
          item.icon,
          item.required_flag ?? null,
          item.required_setting ?? null,
          item.weight,
        ],
      );
    },
  };
}
export type NavigationRepository = ReturnType<typeof navigationRepository>;
