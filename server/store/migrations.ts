/**
 * Versioned schema migrations, applied in order inside one transaction each and recorded in
 * `schema_migrations`. Never edit a released migration: append a new one.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'settings',
    sql: `
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
];
