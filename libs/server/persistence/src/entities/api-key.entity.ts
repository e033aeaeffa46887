import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A key through which a customer company's systems call the API as one of its accounts (the
 * administrator who created it), within the scopes it was given. Only the SHA-256 of the secret is
 * kept; the secret is shown once, when the key is made.
 */
@Entity('api_key')
@Index(['hash'], { unique: true })
@Index(['tenantId', 'companyId', 'createdAt'])
export class ApiKeyEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  tenantId: number;

  @Column()
  companyId: number;

  /** The organisation of the account the key acts as. */
  @Column()
  organizationId: number;

  /** The account the key acts as: its permissions and data range apply to every call. */
  @Column()
  accountId: number;

  @Column({ length: 30 })
  name: string;

  /** The first 8 characters of the secret, shown in lists. */
  @Column({ length: 8 })
  prefix: string;

  /** SHA-256 of the whole secret, in hex. */
  @Column({ length: 64 })
  hash: string;

  /** valuate, batch, reports, read. */
  @Column({ type: 'text', array: true })
  scopes: string[];

  @Column({ type: 'int', default: 60 })
  rateLimitPerMinute: number;

  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  createName: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** The last call, to the minute (written at most once a minute). */
  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ type: 'int', nullable: true })
  revokedBy: number | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  revokeName: string | null;
}

/**
 * A POST sent with an Idempotency-Key: the first one runs and its answer is kept, a retry with the
 * same key gets that answer again. The scope is the caller (population, account, and the API key
 * when one was used); rows older than a day may be removed.
 */
@Entity('idempotency_request')
@Index(['scope', 'key'], { unique: true })
@Index(['createdAt'])
export class IdempotencyRequestEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ length: 64 })
  scope: string;

  @Column({ length: 100 })
  key: string;

  /** SHA-256 of the method, the path and the canonical body, in hex. */
  @Column({ length: 64 })
  requestHash: string;

  /** in-progress while the first request runs, done once its answer is kept. */
  @Column({ length: 12 })
  state: string;

  @Column({ type: 'int', nullable: true })
  statusCode: number | null;

  /** The enveloped JSON answer, exactly as it was sent. */
  @Column({ type: 'jsonb', nullable: true })
  responseBody: unknown;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
