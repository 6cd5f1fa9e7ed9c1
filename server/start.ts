import type { Config } from './config';
import { createDatabase, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { isMarketEmpty, seedMarket } from './db/seed';
import type { Logger } from 'pino';
import { recordServedAddress } from './served-address';

/** Opens the database, brings the schema up to date, seeds an empty one when asked to, and records the address served. */
export async function prepareDatabase(config: Config, logger: Logger): Promise<Database> {
  const database = createDatabase(config.databaseUrl, { poolMax: config.databasePoolMax });
  try {
    const applied = await migrateToLatest(database);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    if (config.seedOnEmpty && (await isMarketEmpty(database.db))) {
      const summary = await seedMarket(database.db, database.dialect);
      logger.info(summary, 'empty database seeded with the starter market');
    }
    await recordServedAddress(database.db, config.publicUrl);
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}
