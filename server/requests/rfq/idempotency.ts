import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { ApiError } from '../../errors';
import { seal, unseal } from '../../lib/seal';
import { findIdempotencyRecord, insertIdempotencyRecord, isUniqueViolation } from './rfq.repository';

/** A request's answer: its status and body, and whether it repeats an earlier answer. */
export interface SubmitResult {
  status: number;
  body: unknown;
  replayed: boolean;
}

function requestHash(input: unknown): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/**
 * What an answer is sealed under in its idempotency record: the key the caller sent, so that the
 * answer (its tracking tokens, the buyer's address) opens only for a caller presenting the key.
 */
const sealKey = (key: string) => `idempotency ${key}`;

function replay(record: { request_hash: string; status_code: number; response_body: string }, hash: string, key: string): SubmitResult {
  if (record.request_hash !== hash) {
    throw new ApiError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different request. Use a new key for a new request.');
  }
  // Records written before answers were sealed hold them in clear, for at most their 24 hours.
  const body = unseal(record.response_body, sealKey(key)) ?? record.response_body;
  return { status: record.status_code, body: JSON.parse(body) as unknown, replayed: true };
}

/** Keeps a new request's answer under its idempotency key, in the request's transaction. */
export type RememberAnswer = (trx: Transaction<DB>, body: unknown, rfqId: string, createdAt: string) => Promise<void>;

/**
 * Answers a request once per idempotency key: with no key, `submit` runs; with a key already
 * used for the same request, the first answer is replayed (422 for a different request); with a
 * new key, `submit` runs and keeps its answer through `remember`, in its own transaction. When
 * another request with the same key commits first, this one answers as that one did.
 */
export async function answerOnce(
  db: Executor,
  idempotencyKey: string | undefined,
  input: unknown,
  submit: (remember: RememberAnswer) => Promise<SubmitResult>,
): Promise<SubmitResult> {
  if (idempotencyKey === undefined) return submit(async () => {});
  const key = `rfq:${idempotencyKey}`;
  const hash = requestHash(input);
  const existing = await findIdempotencyRecord(db, key);
  if (existing) return replay(existing, hash, key);
  try {
    return await submit(async (trx, body, rfqId, createdAt) => {
      await insertIdempotencyRecord(trx, {
        key,
        request_hash: hash,
        status_code: 201,
        response_body: seal(JSON.stringify(body), sealKey(key)),
        rfq_id: rfqId,
        created_at: createdAt,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const first = await findIdempotencyRecord(db, key);
      if (first) return replay(first, hash, key);
    }
    throw err;
  }
}
