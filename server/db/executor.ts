import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

/** What a repository function runs on: the database, or a transaction it takes part in. */
export type Executor = Kysely<DB> | Transaction<DB>;
